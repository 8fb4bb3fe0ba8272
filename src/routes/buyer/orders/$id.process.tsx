import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/orders/$id/process')({
  head: () => pageHead('Order Progress'),
  component: BuyerOrdersIdProcessPage,
})

function BuyerOrdersIdProcessPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage title="Order Progress" owner="orders">
      <p className="text-sm text-stone-600">Reference: {id}</p>
    </PlaceholderPage>
  )
}
