import { createFileRoute } from '@tanstack/react-router'
import { SandboxBankPage } from '~/features/payments/components/sandbox-bank-page'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { invalidParam } from '~/lib/route-errors'

/**
 * The sandbox bank's payment page, rendered only in the browser (spec §2). It plays an outside
 * bank: the unguessable session id is the key, no sign-in is needed to pay.
 */
export const Route = createFileRoute('/_default/payment/$session')({
  params: {
    parse: ({ session }) => (/^[A-Za-z0-9_-]{16,64}$/.test(session) ? { session } : invalidParam()),
  },
  head: () => ({
    ...pageHead(m.buyer_pay_page_title()),
    meta: [...pageHead(m.buyer_pay_page_title()).meta, { name: 'robots', content: 'noindex' }],
  }),
  ssr: false,
  component: PaymentSessionPage,
})

function PaymentSessionPage() {
  const { session } = Route.useParams()
  return <SandboxBankPage sessionId={session} />
}
