import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/orders/')({
  head: () => pageHead('Your Orders'),
  component: BuyerOrdersPage,
})

function BuyerOrdersPage() {
  return <PlaceholderPage title="Your Orders" owner="orders" />
}
