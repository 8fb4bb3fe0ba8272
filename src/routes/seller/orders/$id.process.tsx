import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/orders/$id/process')({
  head: () => pageHead('Order Progress'),
  component: SellerOrdersIdProcessPage,
})

function SellerOrdersIdProcessPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage title="Order Progress" owner="orders">
      <p className="text-sm text-stone-600">Reference: {id}</p>
    </PlaceholderPage>
  )
}
