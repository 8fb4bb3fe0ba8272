import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { storeProductQueries, storeProductsSearch, storeQueries } from '~/features/stores'
import { pageHead } from '~/features/shell'
import { formatMoney, formatNumber } from '~/lib/money'
import { parseIdParam } from '~/lib/route-errors'
import { StoreProductsFilters } from '~/features/stores/components/store-products-filters'
import { buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'
import { nameInLocale } from '~/lib/i18n'
import { ListPage, useListSearch } from '~/ui/list-page'

const searchSchema = v.omit(storeProductsSearch, ['storeId'])
/** What the page shows unasked: kept out of the URL, so a shared link names only what was chosen. */
const searchDefaults = v.parse(searchSchema, {})

export const Route = createFileRoute('/seller/stores/$storeId/products/')({
  params: { parse: ({ storeId }) => ({ storeId: parseIdParam({ id: storeId }).id }) },
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(storeQueries.detail(Number(params.storeId))),
      context.queryClient.ensureQueryData(
        storeProductQueries.page({ ...deps, storeId: Number(params.storeId) }),
      ),
    ])
    return { title: m.inventory_store_products_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: StoreProductsPage,
})

function StoreProductsPage() {
  const { storeId } = Route.useParams()
  const { search, setSearch } = useListSearch(Route)
  const { data: store } = useSuspenseQuery(storeQueries.detail(Number(storeId)))
  const { data } = useSuspenseQuery(storeProductQueries.page({ ...search, storeId: Number(storeId) }))
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize))
  return (
    <ListPage
      title={m.inventory_store_products_heading({ name: nameInLocale(store) })}
      spacing="roomy"
      back={
        <Link
          to="/seller/stores/$storeId/show"
          params={{ storeId }}
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_back_to_name({ name: nameInLocale(store) })}
        </Link>
      }
      actions={
        <Link to="/seller/stores/$storeId/products/add" params={{ storeId }} className={buttonClasses()}>
          {m.inventory_add_products()}
        </Link>
      }
      filters={<StoreProductsFilters search={search} onApply={setSearch} />}
    >
      <p className="text-sm text-stone-600">{m.inventory_sku_count({ count: formatNumber(data.total) })}</p>
      <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-stone-50 text-start text-xs text-stone-600 uppercase">
            <tr>
              <th className="px-3 py-2">{m.inventory_col_product()}</th>
              <th className="px-3 py-2">{m.inventory_col_sku()}</th>
              <th className="px-3 py-2 text-end">{m.inventory_col_stock()}</th>
              <th className="px-3 py-2 text-end">{m.inventory_col_entry_price()}</th>
              <th className="px-3 py-2 text-end">{m.inventory_col_tiers()}</th>
              <th className="px-3 py-2">{m.inventory_col_status()}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {data.rows.map((row) => (
              <tr key={row.skuId}>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-2">
                    {row.image ? (
                      <img
                        src={row.image}
                        alt=""
                        width={40}
                        height={40}
                        className="size-10 rounded object-cover"
                      />
                    ) : null}
                    <span className="min-w-40 text-ink [overflow-wrap:anywhere]">{row.productName}</span>
                  </div>
                </td>
                <td className="px-3 py-2">
                  <Link
                    to="/seller/inventory/product/$sku/edit"
                    params={{ sku: row.sku }}
                    dir="ltr"
                    className="font-medium text-brand-800 underline-offset-4 hover:underline"
                  >
                    {row.sku}
                    <span className="sr-only">{m.inventory_sr_edit_product({ name: row.productName })}</span>
                  </Link>
                </td>
                <td className="px-3 py-2 text-end">
                  <Link
                    to="/seller/inventory/stock/$sku"
                    params={{ sku: row.sku }}
                    aria-label={m.inventory_stock_link({
                      stock: row.alwaysAvailable ? m.inventory_always() : formatNumber(row.stock),
                      sku: row.sku,
                    })}
                    className="font-medium text-brand-800 tabular-nums underline-offset-4 hover:underline"
                  >
                    {row.alwaysAvailable ? m.inventory_always() : formatNumber(row.stock)}
                  </Link>
                </td>
                <td className="px-3 py-2 text-end whitespace-nowrap">
                  {row.entryPrice === null ? '—' : formatMoney(row.offerPrice ?? row.entryPrice)}
                </td>
                <td className="px-3 py-2 text-end">{formatNumber(row.tierCount)}</td>
                <td className="px-3 py-2">
                  {row.status === 'active' ? m.inventory_status_active() : m.inventory_status_inactive()}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={m.inventory_pages()} className="flex items-center gap-3 text-sm">
        {search.page > 1 ? (
          <Link from={Route.fullPath} search={(prev) => ({ ...prev, page: search.page - 1 })}>
            {m.inventory_previous()}
          </Link>
        ) : null}
        <span>{m.inventory_page_of({ page: formatNumber(search.page), pages: formatNumber(pages) })}</span>
        {search.page < pages ? (
          <Link from={Route.fullPath} search={(prev) => ({ ...prev, page: search.page + 1 })}>
            {m.inventory_next()}
          </Link>
        ) : null}
      </nav>
    </ListPage>
  )
}
