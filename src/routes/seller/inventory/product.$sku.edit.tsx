import { createFileRoute } from '@tanstack/react-router'
import { SkuEdit } from '~/features/stores/components/sku-edit'
import { SKU_CODE_PATTERN, productAuthoringQueries } from '~/features/stores'
import { pageHead } from '~/features/shell'
import { invalidParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/seller/inventory/product/$sku/edit')({
  params: {
    parse: ({ sku }) => (sku.length <= 40 && SKU_CODE_PATTERN.test(sku) ? { sku } : invalidParam()),
  },
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(productAuthoringQueries.skuEdit(params.sku)),
      context.queryClient.ensureQueryData(productAuthoringQueries.choices()),
    ])
    return { title: m.inventory_product_edit_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerInventoryProductSkuEditPage,
})

function SellerInventoryProductSkuEditPage() {
  const { sku } = Route.useParams()
  return <SkuEdit sku={sku} />
}
