import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/stores/create')({
  head: () => pageHead('New Store'),
  component: SellerStoresCreatePage,
})

function SellerStoresCreatePage() {
  return <PlaceholderPage title="New Store" owner="later" />
}
