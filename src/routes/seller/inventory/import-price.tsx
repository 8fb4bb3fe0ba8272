import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/inventory/import-price')({
  head: () => pageHead('Import Prices'),
  component: SellerInventoryImportPricePage,
})

function SellerInventoryImportPricePage() {
  return <PlaceholderPage title="Import Prices" owner="later" />
}
