import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { phoneSchema } from '~/features/auth'
import { VerifyPage } from '~/features/auth/components/verify-page'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

/** The number the code went to (E.164) and its channel; without a valid number, back to /auth. */
const searchSchema = v.object({
  phone: v.fallback(v.optional(phoneSchema), undefined),
  channel: v.fallback(v.optional(v.picklist(['sms', 'whatsapp'])), undefined),
})

export const Route = createFileRoute('/auth/verify')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ channel: 'sms' })] },
  beforeLoad: ({ search }) => {
    if (!search.phone) throw redirect({ to: '/auth', search: { redirect: search.redirect } })
  },
  loader: () => ({ title: m.account_route_verify() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AuthVerifyPage,
})

function AuthVerifyPage() {
  const { phone, channel = 'sms', redirect } = Route.useSearch()
  // beforeLoad sent anyone without a number back to /auth.
  return <VerifyPage key={phone} phone={phone!} channel={channel} redirect={redirect} />
}
