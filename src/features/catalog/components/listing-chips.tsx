import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatMoney, formatNumber } from '~/lib/money'
import { EmptyState } from '~/ui/empty-state'
import { SearchIcon } from '~/ui/icons'
import { CloseIcon } from '~/ui/more-icons'
import { catalogQueries } from '../catalog.queries'
import type { ProductSearch } from '../catalog.schemas'
import type { ListingFacets, ProductListing } from '../catalog.types'
import { ListingLink, withFilter, type ListingBase } from './listing-nav'
import { m } from '~/lib/messages'

/** Each filter in force as a removable chip, named as the visitor knows it. */
function activeChips(
  base: ListingBase,
  search: ProductSearch,
  facets: ListingFacets,
  storeName?: string,
): { label: string; without: ProductSearch }[] {
  const chips: { label: string; without: ProductSearch }[] = []
  const brandName = (slug: string) => facets.brands.find((b) => b.slug === slug)?.name ?? slug
  // The words isolated (FSI…PDI): a Persian search keeps its quotes on the right sides.
  if (search.q)
    chips.push({ label: `“\u2068${search.q}\u2069”`, without: withFilter(search, { q: undefined }) })
  // On a category page the category is the page itself, not a filter to remove.
  if (search.category && base.kind !== 'category') {
    const name = facets.categoryTrail.at(-1)?.name ?? search.category
    chips.push({ label: name, without: withFilter(search, { category: undefined }) })
  }
  for (const brand of search.brand ?? [])
    chips.push({
      label: brandName(brand),
      without: withFilter(search, { brand: search.brand?.filter((b) => b !== brand) }),
    })
  // Nor is the store on its own page.
  if (search.store && base.kind !== 'store')
    chips.push({
      label: m.catalog_chip_store({ name: storeName ?? search.store }),
      without: withFilter(search, { store: undefined }),
    })
  if (search.min_price !== undefined)
    chips.push({
      label: m.catalog_chip_from({ amount: formatMoney(search.min_price) }),
      without: withFilter(search, { min_price: undefined }),
    })
  if (search.max_price !== undefined)
    chips.push({
      label: m.catalog_chip_up_to({ amount: formatMoney(search.max_price) }),
      without: withFilter(search, { max_price: undefined }),
    })
  if (search.in_stock)
    chips.push({ label: m.catalog_stock_in(), without: withFilter(search, { in_stock: undefined }) })
  if (search.discount)
    chips.push({
      label: m.catalog_filter_on_discount(),
      without: withFilter(search, { discount: undefined }),
    })
  if (search.max_moq !== undefined)
    chips.push({
      label: m.catalog_chip_moq_up_to({ moq: formatNumber(search.max_moq) }),
      without: withFilter(search, { max_moq: undefined }),
    })
  return chips
}

const clearAll = (search: ProductSearch): ProductSearch => ({ sort: search.sort, per_page: search.per_page })

export function ActiveFilters({
  base,
  search,
  facets,
}: {
  base: ListingBase
  search: ProductSearch
  facets: ListingFacets
}) {
  const { data: store } = useQuery({
    ...catalogQueries.store(search.store ?? ''),
    enabled: Boolean(search.store) && base.kind !== 'store',
  })
  const chips = activeChips(base, search, facets, store?.name)
  if (chips.length === 0) return null
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={m.catalog_active_filters()}>
      {chips.map((chip) => (
        <li key={chip.label}>
          <ListingLink
            base={base}
            search={chip.without}
            aria-label={m.catalog_remove_filter({ label: chip.label })}
            className="inline-flex items-center gap-1 rounded-full border border-stone-300 bg-white px-3 py-1 text-xs text-ink hover:bg-stone-50"
          >
            {chip.label}
            <CloseIcon size={14} />
          </ListingLink>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <ListingLink
            base={base}
            search={withFilter(clearAll(search), {})}
            className="text-xs text-brand-800 underline"
          >
            {m.catalog_clear_all()}
          </ListingLink>
        </li>
      ) : null}
    </ul>
  )
}

/** The empty state suggests what to loosen: each filter, or a broader place to look. */
export function NoResults({
  base,
  search,
  listing,
}: {
  base: ListingBase
  search: ProductSearch
  listing: ProductListing
}) {
  const chips = activeChips(base, search, listing.facets)
  const { data: tree = [] } = useQuery(catalogQueries.categoryTree())
  const nearby = listing.facets.categories.filter((c) => c.count > 0).slice(0, 6)
  return (
    <EmptyState title={m.catalog_no_results_title()} icon={<SearchIcon size={36} />}>
      <div className="flex flex-col items-center gap-3">
        <p>
          {search.q ? m.catalog_no_results_spelling() : ''}
          {chips.length > (search.q ? 1 : 0) ? m.catalog_no_results_remove() : ''}
        </p>
        {chips.length ? (
          <ul className="flex flex-wrap justify-center gap-2">
            {chips.map((chip) => (
              <li key={chip.label}>
                <ListingLink
                  base={base}
                  search={chip.without}
                  className="rounded-full bg-stone-100 px-3 py-1 text-xs text-ink hover:bg-stone-200"
                >
                  {m.catalog_no_results_without({ label: chip.label })}
                </ListingLink>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-xs">
          {m.catalog_no_results_or_browse()}{' '}
          {nearby.length
            ? nearby.map((c, i) => (
                <span key={c.slug}>
                  {i ? m.catalog_list_separator() : ''}
                  <ListingLink
                    base={base}
                    search={withFilter(search, { category: c.slug })}
                    className="text-brand-800 underline"
                  >
                    {c.name}
                  </ListingLink>
                </span>
              ))
            : tree.slice(0, 6).map((c, i) => (
                <span key={c.slug}>
                  {i ? m.catalog_list_separator() : ''}
                  <Link to="/category/$slug" params={{ slug: c.slug }} className="text-brand-800 underline">
                    {c.name}
                  </Link>
                </span>
              ))}{' '}
          {m.catalog_no_results_or()}{' '}
          <Link to="/product" className="text-brand-800 underline">
            {m.catalog_no_results_all_products()}
          </Link>
          {m.catalog_no_results_end()}
        </p>
      </div>
    </EmptyState>
  )
}
