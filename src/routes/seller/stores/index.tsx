import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/stores/')({
  head: () => pageHead('Your Stores'),
  component: SellerStoresPage,
})

function SellerStoresPage() {
  return <PlaceholderPage title="Your Stores" owner="later" />
}
