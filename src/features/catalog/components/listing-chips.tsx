import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatMoney } from '~/lib/money'
import { EmptyState } from '~/ui/empty-state'
import { CloseIcon, SearchIcon } from '~/ui/icons'
import { catalogQueries } from '../catalog.queries'
import type { ProductSearch } from '../catalog.schemas'
import type { ListingFacets, ProductListing } from '../catalog.types'
import { ListingLink, withFilter, type ListingBase } from './listing-nav'

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
      label: `Store: ${storeName ?? search.store}`,
      without: withFilter(search, { store: undefined }),
    })
  if (search.min_price !== undefined)
    chips.push({
      label: `From ${formatMoney(search.min_price)}`,
      without: withFilter(search, { min_price: undefined }),
    })
  if (search.max_price !== undefined)
    chips.push({
      label: `Up to ${formatMoney(search.max_price)}`,
      without: withFilter(search, { max_price: undefined }),
    })
  if (search.in_stock) chips.push({ label: 'In stock', without: withFilter(search, { in_stock: undefined }) })
  if (search.discount)
    chips.push({ label: 'On discount', without: withFilter(search, { discount: undefined }) })
  if (search.max_moq !== undefined)
    chips.push({ label: `MOQ up to ${search.max_moq}`, without: withFilter(search, { max_moq: undefined }) })
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
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.label}>
          <ListingLink
            base={base}
            search={chip.without}
            aria-label={`Remove filter ${chip.label}`}
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
            Clear all
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
    <EmptyState title="No products match" icon={<SearchIcon size={36} />}>
      <div className="flex flex-col items-center gap-3">
        <p>
          {search.q ? 'Check the spelling or try fewer or more general words. ' : ''}
          {chips.length > (search.q ? 1 : 0) ? 'Removing a filter may help:' : ''}
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
                  Without {chip.label}
                </ListingLink>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-xs">
          Or browse{' '}
          {nearby.length
            ? nearby.map((c, i) => (
                <span key={c.slug}>
                  {i ? ', ' : ''}
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
                  {i ? ', ' : ''}
                  <Link to="/category/$slug" params={{ slug: c.slug }} className="text-brand-800 underline">
                    {c.name}
                  </Link>
                </span>
              ))}{' '}
          or{' '}
          <Link to="/product" className="text-brand-800 underline">
            all products
          </Link>
          .
        </p>
      </div>
    </EmptyState>
  )
}
