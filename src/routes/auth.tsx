import { createFileRoute, Outlet } from '@tanstack/react-router'
import * as v from 'valibot'
import { guardGuestOnly } from '~/features/auth'
import { AuthChrome } from '~/features/shell/components/auth-chrome'

/**
 * The auth layout for /auth and /auth/verify, guest-only (spec §2): a signed-in user goes back to
 * where they came from. `redirect` is where a guard sent the user from; a bad value is dropped
 * (it is only ever followed after `safeReturnPath` accepts it).
 */
const searchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(500))), undefined),
})

export const Route = createFileRoute('/auth')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, search, cause }) => guardGuestOnly({ context, search, cause }),
  component: AuthLayout,
})

function AuthLayout() {
  return (
    <AuthChrome>
      <Outlet />
    </AuthChrome>
  )
}
