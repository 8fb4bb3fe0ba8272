import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/inventory/')({
  head: () => pageHead('Your Inventory'),
  component: SellerInventoryPage,
})

function SellerInventoryPage() {
  return <PlaceholderPage title="Your Inventory" owner="later" />
}
