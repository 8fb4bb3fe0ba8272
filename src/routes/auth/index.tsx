import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { SignInPage } from '~/features/auth/components/sign-in-page'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

/** `method` picks the tab; `phone` pre-fills the number (from "Change number" on /auth/verify). */
const searchSchema = v.object({
  method: v.fallback(v.optional(v.picklist(['code', 'password'])), undefined),
  phone: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(30))), undefined),
})

export const Route = createFileRoute('/auth/')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ method: 'code' })] },
  loader: () => ({ title: m.account_route_sign_in() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AuthPage,
})

function AuthPage() {
  const { method = 'code', phone = '', redirect } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SignInPage
      method={method}
      phone={phone}
      redirect={redirect}
      onMethodChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, method: next }), replace: true, resetScroll: false })
      }
    />
  )
}
