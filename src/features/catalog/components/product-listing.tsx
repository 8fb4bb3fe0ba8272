import { createIsomorphicFn } from '@tanstack/react-start'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { hydrateLater } from '~/ui/hydrate-later'
import { Pagination } from '~/ui/pagination'
import { DEFAULT_PER_PAGE, perPageOptions, type ProductSearch, type ProductSort } from '../catalog.schemas'
import type { ProductListing } from '../catalog.types'
import * as chipsModule from './listing-chips'
import { ListingFilters } from './listing-filters'
import { ListingLink, useListingNavigate, withFilter, type ListingBase } from './listing-nav'
import { ProductCard, type CardActions } from './product-card'
import { m } from '~/lib/messages'

// The filters (facet links, the price range form and their messages, ~1.7 KB gzip) hydrate after
// the grid: the server renders them in place and the browser loads their code beside hydration
// (issue #21; see hydrate-later.ts). On a phone they are in a drawer opened later anyway.
const Filters = createIsomorphicFn()
  .server(() => ListingFilters)
  .client(() => hydrateLater(() => import('./listing-filters').then((module) => module.ListingFilters)))()

// The same for the active filters' chips and the no-results advice (~0.9 KB gzip): links that
// work before their code arrives, rendered by the server in place.
const ActiveFilters = createIsomorphicFn()
  .server(() => chipsModule.ActiveFilters)
  .client(() => hydrateLater(() => import('./listing-chips').then((module) => module.ActiveFilters)))()
const NoResults = createIsomorphicFn()
  .server(() => chipsModule.NoResults)
  .client(() => hydrateLater(() => import('./listing-chips').then((module) => module.NoResults)))()

// The phone's filter drawer (radix Dialog: about 10 KB gzip) loads when it is first opened.
const Sheet = lazy(() => import('~/ui/sheet').then((m) => ({ default: m.Sheet })))

const sortLabels: Record<ProductSort, () => string> = {
  relevance: m.catalog_sort_relevance,
  popular: m.catalog_sort_popular,
  newest: m.catalog_sort_newest,
  price_asc: m.catalog_sort_price_asc,
  price_desc: m.catalog_sort_price_desc,
}

/**
 * A product listing with its filters, sort, result count, pages and an empty state: /product,
 * and the product part of a category or store page. Every change is a navigation (shareable URL,
 * back works). `media` (a store's logo) stands beside the title and the intro.
 */
export function ProductListingView({
  base,
  search,
  listing,
  title,
  intro,
  media,
  cardActions,
}: {
  base: ListingBase
  search: ProductSearch
  listing: ProductListing
  title: string
  intro?: ReactNode
  media?: ReactNode
  /** Each card's actions (compare, add to basket), filled by the route. */
  cardActions?: CardActions
}) {
  const [filtersOpen, setFiltersOpen] = useState(false)
  // Mounted on first open and kept, so closing animates and returns focus like any drawer.
  const [filtersMounted, setFiltersMounted] = useState(false)
  if (filtersOpen && !filtersMounted) setFiltersMounted(true)
  const filters = (
    <Suspense fallback={null}>
      <Filters base={base} search={search} facets={listing.facets} />
    </Suspense>
  )
  const heading = <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        {media ? (
          // Phones: the media beside the title, the intro below both; wider: the media beside both.
          <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:gap-x-4">
            <div className="sm:row-span-2 sm:self-start">{media}</div>
            {heading}
            <div className="col-span-2 sm:col-span-1 sm:col-start-2">{intro}</div>
          </div>
        ) : (
          <>
            {heading}
            {intro}
          </>
        )}
        <p className="text-sm text-stone-600" aria-live="polite" data-testid="result-count">
          {m.catalog_listing_count({
            count: listing.total,
            countText: `${formatNumber(listing.total)}${listing.totalCapped ? '+' : ''}`,
          })}
          {listing.correctedQuery ? (
            <>
              {' '}
              · {m.catalog_listing_showing_for()}{' '}
              <strong className="text-ink">
                “<bdi>{listing.correctedQuery}</bdi>”
              </strong>
            </>
          ) : null}
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        {/* Past the filters' many links in one Tab (keyboard users start at the products). */}
        <a
          href="#products"
          onClick={(event) => {
            event.preventDefault()
            document.getElementById('products')?.focus()
          }}
          className="sr-only rounded-lg bg-white px-4 py-2 font-medium text-ink shadow focus:not-sr-only focus:absolute focus:z-40 focus:ms-2"
        >
          {m.catalog_listing_skip()}
        </a>
        <aside aria-label={m.catalog_filters()} className="hidden lg:block">
          {filters}
        </aside>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" className="lg:hidden" onClick={() => setFiltersOpen(true)}>
              {m.catalog_filters()}
            </Button>
            <SortAndSize base={base} search={search} sort={listing.sort} />
          </div>
          <Suspense fallback={null}>
            <ActiveFilters base={base} search={search} facets={listing.facets} />
          </Suspense>
          <h2 id="products" tabIndex={-1} className="sr-only">
            {m.catalog_products_heading()}
          </h2>
          {listing.items.length ? (
            <ul
              aria-labelledby="products"
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4"
              data-testid="product-grid"
            >
              {listing.items.map((product, i) => (
                <li key={product.id} className="flex">
                  <ProductCard product={product} priority={i < 4} actions={cardActions?.(product)} />
                </li>
              ))}
            </ul>
          ) : (
            <Suspense fallback={null}>
              <NoResults base={base} search={search} listing={listing} />
            </Suspense>
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
      {filtersMounted ? (
        <Suspense fallback={null}>
          <Sheet open={filtersOpen} onOpenChange={setFiltersOpen} side="left" title={m.catalog_filters()}>
            {filters}
          </Sheet>
        </Suspense>
      ) : null}
    </div>
  )
}

function SortAndSize({
  base,
  search,
  sort,
}: {
  base: ListingBase
  search: ProductSearch
  sort: ProductSort
}) {
  const go = useListingNavigate(base)
  const id = useId()
  const sorts = Object.keys(sortLabels) as ProductSort[]
  return (
    <div className="ms-auto flex flex-wrap items-center gap-3 text-sm">
      <label htmlFor={`${id}-sort`} className="text-stone-600">
        {m.catalog_sort()}
      </label>
      <select
        id={`${id}-sort`}
        value={sort}
        onChange={(e) => go(withFilter(search, { sort: e.target.value as ProductSort }))}
        className="h-9 rounded-lg border border-stone-300 bg-white px-2"
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {sortLabels[s]()}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-size`} className="text-stone-600">
        {m.catalog_per_page()}
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
            {formatNumber(n)}
          </option>
        ))}
      </select>
    </div>
  )
}
