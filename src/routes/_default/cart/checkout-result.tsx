import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

/** Rendered only in the browser (spec §2: it depends on the browser's basket and session). */
export const Route = createFileRoute('/_default/cart/checkout-result')({
  head: () => pageHead('Checkout Result'),
  ssr: false,
  component: DefaultCartCheckoutResultPage,
})

function DefaultCartCheckoutResultPage() {
  return <PlaceholderPage title="Checkout Result" owner="checkout" />
}
