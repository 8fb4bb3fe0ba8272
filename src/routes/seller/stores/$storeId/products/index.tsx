import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/stores/$storeId/products/')({
  head: () => pageHead('Store Products'),
  component: SellerStoresStoreidProductsPage,
})

function SellerStoresStoreidProductsPage() {
  const { storeId } = Route.useParams()
  return (
    <PlaceholderPage title="Store Products" owner="later">
      <p className="text-sm text-stone-600">Reference: {storeId}</p>
    </PlaceholderPage>
  )
}
