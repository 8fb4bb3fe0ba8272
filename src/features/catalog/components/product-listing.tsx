import { useId, useState, type ReactNode } from 'react'
import { formatMoney } from '~/lib/money'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { CloseIcon, SearchIcon } from '~/ui/icons'
import { Pagination } from '~/ui/pagination'
import { Sheet } from '~/ui/sheet'
import { DEFAULT_PER_PAGE, perPageOptions, type ProductSearch, type ProductSort } from '../catalog.schemas'
import type { ProductListing } from '../catalog.types'
import { ListingFilters } from './listing-filters'
import { ListingLink, useListingNavigate, withFilter, type ListingBase } from './listing-nav'
import { ProductCard } from './product-card'

const sortLabels: Record<ProductSort, string> = {
  relevance: 'Best match',
  popular: 'Most stores',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
}

/**
 * A product listing with its filters, sort, result count, pages and an empty state: /product,
 * and the product part of a category page. Every change is a navigation (shareable URL, back works).
 */
export function ProductListingView({
  base,
  search,
  listing,
  title,
  intro,
}: {
  base: ListingBase
  search: ProductSearch
  listing: ProductListing
  title: string
  intro?: ReactNode
}) {
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filters = <ListingFilters base={base} search={search} facets={listing.facets} />
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {intro}
        <p className="text-sm text-stone-600" aria-live="polite" data-testid="result-count">
          {listing.total.toLocaleString('en')} {listing.total === 1 ? 'product' : 'products'}
          {listing.correctedQuery ? (
            <>
              {' '}
              · Showing results for <strong className="text-ink">“{listing.correctedQuery}”</strong>
            </>
          ) : null}
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters" className="hidden lg:block">
          {filters}
        </aside>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" className="lg:hidden" onClick={() => setFiltersOpen(true)}>
              Filters
            </Button>
            <SortAndSize base={base} search={search} sort={listing.sort} />
          </div>
          <ActiveFilters base={base} search={search} />
          {listing.items.length ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4" data-testid="product-grid">
              {listing.items.map((product, i) => (
                <li key={product.id} className="flex">
                  <ProductCard product={product} priority={i < 4} />
                </li>
              ))}
            </ul>
          ) : (
            <NoResults base={base} search={search} listing={listing} />
          )}
          <Pagination
            className="pt-2"
            page={listing.page}
            pageCount={listing.pageCount}
            renderLink={(page, { children, ...props }) => (
              <ListingLink base={base} search={{ ...search, page: page > 1 ? page : undefined }} {...props}>
                {children}
              </ListingLink>
            )}
          />
        </div>
      </div>
      <Sheet open={filtersOpen} onOpenChange={setFiltersOpen} side="left" title="Filters">
        {filters}
      </Sheet>
    </div>
  )
}

function SortAndSize({ base, search, sort }: { base: ListingBase; search: ProductSearch; sort: ProductSort }) {
  const go = useListingNavigate(base)
  const id = useId()
  const sorts = Object.keys(sortLabels) as ProductSort[]
  return (
    <div className="ms-auto flex flex-wrap items-center gap-3 text-sm">
      <label htmlFor={`${id}-sort`} className="text-stone-600">
        Sort
      </label>
      <select
        id={`${id}-sort`}
        value={sort}
        onChange={(e) => go(withFilter(search, { sort: e.target.value as ProductSort }))}
        className="h-9 rounded-lg border border-stone-300 bg-white px-2"
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {sortLabels[s]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-size`} className="text-stone-600">
        Per page
      </label>
      <select
        id={`${id}-size`}
        value={search.per_page ?? DEFAULT_PER_PAGE}
        onChange={(e) => {
          const size = Number(e.target.value) as (typeof perPageOptions)[number]
          go(withFilter(search, { per_page: size === DEFAULT_PER_PAGE ? undefined : size }))
        }}
        className="h-9 rounded-lg border border-stone-300 bg-white px-2"
      >
        {perPageOptions.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Each filter in force as a removable chip. */
function activeChips(base: ListingBase, search: ProductSearch): { label: string; without: ProductSearch }[] {
  const chips: { label: string; without: ProductSearch }[] = []
  if (search.q) chips.push({ label: `“${search.q}”`, without: withFilter(search, { q: undefined }) })
  if (search.category && base.kind === 'product')
    chips.push({ label: `Category: ${search.category}`, without: withFilter(search, { category: undefined }) })
  for (const brand of search.brand ?? [])
    chips.push({ label: `Brand: ${brand}`, without: withFilter(search, { brand: search.brand?.filter((b) => b !== brand) }) })
  if (search.store) chips.push({ label: `Store: ${search.store}`, without: withFilter(search, { store: undefined }) })
  if (search.min_price !== undefined)
    chips.push({ label: `From ${formatMoney(search.min_price)}`, without: withFilter(search, { min_price: undefined }) })
  if (search.max_price !== undefined)
    chips.push({ label: `Up to ${formatMoney(search.max_price)}`, without: withFilter(search, { max_price: undefined }) })
  if (search.in_stock) chips.push({ label: 'In stock', without: withFilter(search, { in_stock: undefined }) })
  if (search.discount) chips.push({ label: 'On discount', without: withFilter(search, { discount: undefined }) })
  if (search.max_moq !== undefined)
    chips.push({ label: `MOQ up to ${search.max_moq}`, without: withFilter(search, { max_moq: undefined }) })
  return chips
}

const clearAll = (search: ProductSearch): ProductSearch => ({ sort: search.sort, per_page: search.per_page })

function ActiveFilters({ base, search }: { base: ListingBase; search: ProductSearch }) {
  const chips = activeChips(base, search)
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
          <ListingLink base={base} search={withFilter(clearAll(search), {})} className="text-xs text-brand-800 underline">
            Clear all
          </ListingLink>
        </li>
      ) : null}
    </ul>
  )
}

/** The empty state suggests what to loosen: each filter, the whole set, or a broader place to look. */
function NoResults({ base, search, listing }: { base: ListingBase; search: ProductSearch; listing: ProductListing }) {
  const chips = activeChips(base, search)
  const categories = listing.facets.categories.filter((c) => c.count > 0).slice(0, 6)
  return (
    <EmptyState title="No products match" icon={<SearchIcon size={36} />}>
      <div className="flex flex-col items-center gap-3">
        <p>
          {search.q ? 'Check the spelling, use fewer words, or ' : 'Try '}
          removing a filter{chips.length > 1 ? ' or clearing them all' : ''}.
        </p>
        {chips.length ? (
          <ul className="flex flex-wrap justify-center gap-2">
            {chips.map((chip) => (
              <li key={chip.label}>
                <ListingLink base={base} search={chip.without} className="rounded-full bg-stone-100 px-3 py-1 text-xs text-ink hover:bg-stone-200">
                  Without {chip.label}
                </ListingLink>
              </li>
            ))}
          </ul>
        ) : null}
        {categories.length ? (
          <p className="text-xs">
            Or browse{' '}
            {categories.map((c, i) => (
              <span key={c.slug}>
                {i ? ', ' : ''}
                <ListingLink base={base} search={withFilter(search, { category: c.slug })} className="text-brand-800 underline">
                  {c.name}
                </ListingLink>
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </EmptyState>
  )
}
