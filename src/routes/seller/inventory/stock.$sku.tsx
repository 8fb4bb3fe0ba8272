import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { StockPage } from '~/features/inventory/components/stock-page'
import { stockQueries } from '~/features/inventory'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

const search = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 1), 1),
})

export const Route = createFileRoute('/seller/inventory/stock/$sku')({
  validateSearch: search,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: async ({ context, params, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(stockQueries.sku(params.sku)),
      context.queryClient.ensureQueryData(stockQueries.ledger(params.sku, deps.page)),
    ])
    return { title: m.inventory_stock_of_sku({ sku: params.sku }) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerInventoryStockSkuPage,
})

function SellerInventoryStockSkuPage() {
  const { sku } = Route.useParams()
  const { page } = Route.useSearch()
  return <StockPage sku={sku} page={page} />
}
