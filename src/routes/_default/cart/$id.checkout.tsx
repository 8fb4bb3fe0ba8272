import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

/** Rendered only in the browser (spec §2: it depends on the browser's basket and session). */
export const Route = createFileRoute('/_default/cart/$id/checkout')({
  head: () => pageHead('Checkout'),
  ssr: false,
  component: DefaultCartIdCheckoutPage,
})

function DefaultCartIdCheckoutPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage title="Checkout" owner="checkout">
      <p className="text-sm text-stone-600">Reference: {id}</p>
    </PlaceholderPage>
  )
}
