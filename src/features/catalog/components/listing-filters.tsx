import { useId, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import type { ProductSearch } from '../catalog.schemas'
import type { ListingFacets } from '../catalog.types'
import { ListingLink, useListingNavigate, withFilter, type ListingBase } from './listing-nav'
import { PriceRangeFilter } from './price-range-filter'
import { m } from '~/lib/messages'

/** The facets of a listing: each option with how many products it would leave. */
export function ListingFilters({
  base,
  search,
  facets,
}: {
  base: ListingBase
  search: ProductSearch
  facets: ListingFacets
}) {
  const go = useListingNavigate(base)
  // The phone's filter drawer renders a second copy beside the (hidden) side column: one radio
  // group each, or checking one copy's radio unchecks the other's.
  const moqGroup = `max_moq-${useId()}`
  const brands = new Set(search.brand ?? [])
  // Counted over the first few thousand matches only: the options are right, the numbers are not.
  const shown = (count: number) => (facets.approximate ? undefined : count)
  // A store's page lists only the categories it has products in (see CategoryFacet); maybe none.
  const showCategories =
    base.kind !== 'store' || facets.categoryTrail.length > 0 || facets.categories.some((c) => c.count > 0)
  return (
    <div className="flex flex-col gap-6 text-sm">
      {showCategories ? (
        <FilterGroup title={m.catalog_filter_category()}>
          <CategoryFacet base={base} search={search} facets={facets} />
        </FilterGroup>
      ) : null}

      <FilterGroup title={m.catalog_filter_availability()}>
        <Check
          label={m.catalog_stock_in()}
          count={shown(facets.inStock)}
          checked={Boolean(search.in_stock)}
          onChange={(on) => go(withFilter(search, { in_stock: on ? true : undefined }))}
        />
        <Check
          label={m.catalog_filter_on_discount()}
          count={shown(facets.discount)}
          checked={Boolean(search.discount)}
          onChange={(on) => go(withFilter(search, { discount: on ? true : undefined }))}
        />
      </FilterGroup>

      <FilterGroup title={m.catalog_filter_price()}>
        <PriceRangeFilter
          min={search.min_price}
          max={search.max_price}
          range={facets.price}
          onApply={(min, max) => go(withFilter(search, { min_price: min, max_price: max }))}
        />
      </FilterGroup>

      <FilterGroup title={m.catalog_filter_min_order()}>
        <Radio
          name={moqGroup}
          label={m.catalog_filter_any_quantity()}
          checked={search.max_moq === undefined}
          onChange={() => go(withFilter(search, { max_moq: undefined }))}
        />
        {facets.maxMoq.map((option) => (
          <Radio
            key={option.value}
            name={moqGroup}
            label={
              option.value === 1
                ? m.catalog_filter_from_one({ one: formatNumber(1) })
                : m.catalog_filter_up_to_units({ count: formatNumber(option.value) })
            }
            count={shown(option.count)}
            checked={search.max_moq === option.value}
            onChange={() => go(withFilter(search, { max_moq: option.value }))}
          />
        ))}
      </FilterGroup>

      {facets.brands.length ? (
        <FilterGroup title={m.catalog_filter_brand()}>
          <div className="flex max-h-72 flex-col gap-0.5 overflow-y-auto pe-1">
            {facets.brands.map((brand) => (
              <Check
                key={brand.slug}
                label={brand.name}
                count={shown(brand.count)}
                checked={brands.has(brand.slug)}
                onChange={(on) => {
                  const next = new Set(brands)
                  if (on) next.add(brand.slug)
                  else next.delete(brand.slug)
                  go(withFilter(search, { brand: [...next].sort() }))
                }}
              />
            ))}
          </div>
        </FilterGroup>
      ) : null}
    </div>
  )
}

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">{title}</legend>
      {children}
    </fieldset>
  )
}

function CountLabel({ label, count }: { label: string; count?: number }) {
  return (
    <span className="count-label">
      <span>{label}</span>
      {count !== undefined ? (
        <span className="filter-count">{formatNumber(count)}</span>
      ) : null}
    </span>
  )
}

function Check(props: {
  label: string
  count?: number
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label className="filter-option">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={!props.checked && props.count === 0}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <CountLabel label={props.label} count={props.count} />
    </label>
  )
}

function Radio(props: {
  name: string
  label: string
  count?: number
  checked: boolean
  onChange: () => void
}) {
  return (
    <label className="filter-option">
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={props.onChange}
      />
      <CountLabel label={props.label} count={props.count} />
    </label>
  )
}

function CategoryFacet({
  base,
  search,
  facets,
}: {
  base: ListingBase
  search: ProductSearch
  facets: ListingFacets
}) {
  const trail = facets.categoryTrail
  const link = 'flex items-baseline justify-between gap-2 rounded-md px-1 py-1 hover:bg-stone-100'
  return (
    <nav aria-label={m.catalog_filter_by_category()} className="flex flex-col gap-0.5">
      {trail.length && base.kind !== 'category' ? (
        <ListingLink
          base={base}
          search={withFilter(search, { category: undefined })}
          className="px-1 py-1 text-brand-800 hover:underline"
        >
          {m.catalog_filter_all_categories()}
        </ListingLink>
      ) : null}
      {trail.map((c, i) => (
        <ListingLink
          key={c.slug}
          base={base}
          search={withFilter(search, { category: c.slug })}
          aria-current={i === trail.length - 1 ? 'page' : undefined}
          className={cn(
            'px-1 py-1',
            i === trail.length - 1 ? 'font-semibold text-ink' : 'text-brand-800 hover:underline',
          )}
        >
          {c.name}
        </ListingLink>
      ))}
      <ul className={cn('flex flex-col gap-0.5', trail.length > 0 && 'ms-3')}>
        {/* A store offers a few categories: the others would only lead to an empty page. */}
        {facets.categories
          .filter((c) => base.kind !== 'store' || c.count > 0)
          .map((c) => (
            <li key={c.slug}>
              <ListingLink base={base} search={withFilter(search, { category: c.slug })} className={link}>
                <CountLabel label={c.name} count={facets.approximate ? undefined : c.count} />
              </ListingLink>
            </li>
          ))}
      </ul>
    </nav>
  )
}
