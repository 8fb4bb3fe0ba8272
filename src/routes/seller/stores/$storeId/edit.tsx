import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/stores/$storeId/edit')({
  head: () => pageHead('Edit Store'),
  component: SellerStoresStoreidEditPage,
})

function SellerStoresStoreidEditPage() {
  const { storeId } = Route.useParams()
  return (
    <PlaceholderPage title="Edit Store" owner="later">
      <p className="text-sm text-stone-600">Reference: {storeId}</p>
    </PlaceholderPage>
  )
}
