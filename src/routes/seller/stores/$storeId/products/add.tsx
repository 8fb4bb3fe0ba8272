import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/stores/$storeId/products/add')({
  head: () => pageHead('Add Products'),
  component: SellerStoresStoreidProductsAddPage,
})

function SellerStoresStoreidProductsAddPage() {
  const { storeId } = Route.useParams()
  return (
    <PlaceholderPage title="Add Products" owner="later">
      <p className="text-sm text-stone-600">Reference: {storeId}</p>
    </PlaceholderPage>
  )
}
