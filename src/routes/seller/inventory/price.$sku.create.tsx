import { createFileRoute } from '@tanstack/react-router'
import { PriceTiersPage } from '~/features/inventory/components/price-tiers-page'
import { priceTierQueries } from '~/features/inventory'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/seller/inventory/price/$sku/create')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(priceTierQueries.sku(params.sku))
    return { title: m.tools_tiers_page_title({ sku: params.sku }) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerInventoryPriceSkuCreatePage,
})

function SellerInventoryPriceSkuCreatePage() {
  const { sku } = Route.useParams()
  return <PriceTiersPage sku={sku} />
}
