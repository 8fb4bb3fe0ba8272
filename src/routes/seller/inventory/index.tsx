import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import { InventoryTable } from '~/features/inventory/components/inventory-table'
import { inventoryDefaults, inventoryQueries, inventorySearch } from '~/features/inventory'
import { pageHead } from '~/features/shell'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'
import { ListPage } from '~/ui/list-page'

export const Route = createFileRoute('/seller/inventory/')({
  validateSearch: inventorySearch,
  // The URL names only what differs from the defaults: /seller/inventory stays /seller/inventory.
  search: { middlewares: [stripSearchParams(inventoryDefaults)] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(inventoryQueries.page(deps))
    return { title: m.inventory_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerInventoryPage,
})

function SellerInventoryPage() {
  const search = Route.useSearch()
  return (
    <ListPage
      title={m.inventory_title()}
      actions={
        <Link to="/seller/inventory/import-price" className={buttonClasses('secondary')}>
          {m.inventory_import_link()}
        </Link>
      }
    >
      <InventoryTable search={search} />
    </ListPage>
  )
}
