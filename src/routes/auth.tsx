import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthChrome } from '~/features/shell/components/auth-chrome'

/**
 * The auth layout for /auth and /auth/verify. The guest-only redirect (a signed-in user leaves
 * /auth) is the identity work's beforeLoad (issue #4).
 */
export const Route = createFileRoute('/auth')({
  component: AuthLayout,
})

function AuthLayout() {
  return (
    <AuthChrome>
      <Outlet />
    </AuthChrome>
  )
}
