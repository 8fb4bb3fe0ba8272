import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/stores/$storeId/show')({
  head: () => pageHead('Store'),
  component: SellerStoresStoreidShowPage,
})

function SellerStoresStoreidShowPage() {
  const { storeId } = Route.useParams()
  return (
    <PlaceholderPage title="Store" owner="later">
      <p className="text-sm text-stone-600">Reference: {storeId}</p>
    </PlaceholderPage>
  )
}
