import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/inventory/price/$sku/create')({
  head: () => pageHead('New Price'),
  component: SellerInventoryPriceSkuCreatePage,
})

function SellerInventoryPriceSkuCreatePage() {
  const { sku } = Route.useParams()
  return (
    <PlaceholderPage title="New Price" owner="later">
      <p className="text-sm text-stone-600">Reference: {sku}</p>
    </PlaceholderPage>
  )
}
