import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/orders/')({
  head: () => pageHead('Received Orders'),
  component: SellerOrdersPage,
})

function SellerOrdersPage() {
  return <PlaceholderPage title="Received Orders" owner="orders" />
}
