import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/inventory/product/$sku/edit')({
  head: () => pageHead('Edit Product'),
  component: SellerInventoryProductSkuEditPage,
})

function SellerInventoryProductSkuEditPage() {
  const { sku } = Route.useParams()
  return (
    <PlaceholderPage title="Edit Product" owner="later">
      <p className="text-sm text-stone-600">Reference: {sku}</p>
    </PlaceholderPage>
  )
}
