import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

/** Rendered only in the browser (spec §2: it depends on the browser's basket and session). */
export const Route = createFileRoute('/_default/payment/$session')({
  head: () => pageHead('Payment'),
  ssr: false,
  component: DefaultPaymentSessionPage,
})

function DefaultPaymentSessionPage() {
  const { session } = Route.useParams()
  return (
    <PlaceholderPage title="Payment" owner="checkout">
      <p className="text-sm text-stone-600">Reference: {session}</p>
    </PlaceholderPage>
  )
}
