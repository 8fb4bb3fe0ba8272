import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/inventory/stock/$sku')({
  head: () => pageHead('Stock'),
  component: SellerInventoryStockSkuPage,
})

function SellerInventoryStockSkuPage() {
  const { sku } = Route.useParams()
  return (
    <PlaceholderPage title="Stock" owner="later">
      <p className="text-sm text-stone-600">Reference: {sku}</p>
    </PlaceholderPage>
  )
}
