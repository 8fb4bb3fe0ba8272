import { useState, type ReactNode } from 'react'
import { orderStatuses, type OrderStatus } from '~/lib/domain-enums'
import { cn } from '~/lib/cn'
import { Button } from '~/ui/button'
import { SearchForm } from '~/ui/form/search-form'
import { Input } from '~/ui/input'
import { orderStatusLabels } from '../order-machine'

export const statusChipClasses = (active: boolean) =>
  cn(
    'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1',
    active ? 'bg-ink text-white ring-ink' : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50',
  )

/**
 * "All" and one chip per status; the links come from the page (they keep its other filters). On a
 * phone the row scrolls sideways instead of taking half the screen.
 */
export function StatusFilter({
  active,
  counts,
  renderLink,
}: {
  active: OrderStatus | undefined
  counts?: Record<OrderStatus, number>
  renderLink: (
    status: OrderStatus | undefined,
    props: { className: string; 'aria-current'?: 'page'; children: ReactNode },
  ) => ReactNode
}) {
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined
  return (
    <nav aria-label="Filter by status" className="overflow-x-auto p-0.5 pb-1">
      <ul className="flex gap-2 sm:flex-wrap">
        {([undefined, ...orderStatuses] as const).map((status) => {
          const isActive = active === status
          const count = status ? counts?.[status] : all
          return (
            <li key={status ?? 'all'} className="shrink-0">
              {renderLink(status, {
                className: statusChipClasses(isActive),
                'aria-current': isActive ? 'page' : undefined,
                children: (
                  <>
                    {status ? orderStatusLabels[status] : 'All'}
                    {count !== undefined ? (
                      <span className={cn('tabular-nums', isActive ? 'text-white/80' : 'text-stone-500')}>
                        {count}
                      </span>
                    ) : null}
                  </>
                ),
              })}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Find an order by (part of) its number; an empty search shows every order again. */
export function OrderNumberSearch({
  value,
  onSearch,
}: {
  value: string
  onSearch: (q: string | undefined) => void
}) {
  return (
    <SearchForm
      ariaLabel="Search your orders"
      label="Order number"
      labelHidden
      initial={value}
      placeholder="Order number, e.g. OM-7K2P"
      maxLength={20}
      dir="ltr"
      normalize={(q) => q.toUpperCase()}
      onSearch={onSearch}
      className="w-full sm:max-w-sm"
    />
  )
}

export interface SellerFilterValues {
  store?: number
  from?: string
  to?: string
  /** Admin list: part of the seller's name. */
  seller?: string
  /** Admin list: part of the order number. */
  q?: string
}

/**
 * Store and date range (UTC days) for /seller/orders. /admin/orders passes no stores and `search`,
 * which puts the seller's name and the order number in their place.
 */
export function SellerOrderFilters({
  values,
  stores,
  search = false,
  onApply,
}: {
  values: SellerFilterValues
  stores?: Array<{ id: number; name: string }>
  search?: boolean
  onApply: (next: SellerFilterValues) => void
}) {
  const [store, setStore] = useState(values.store ? String(values.store) : '')
  const [seller, setSeller] = useState(values.seller ?? '')
  const [q, setQ] = useState(values.q ?? '')
  const [from, setFrom] = useState(values.from ?? '')
  const [to, setTo] = useState(values.to ?? '')
  const [error, setError] = useState<string | null>(null)
  const filtered = Boolean(values.store || values.from || values.to || values.seller || values.q)
  return (
    <form
      aria-label="Filter orders"
      className={cn(
        'grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:items-end',
        search ? 'sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]' : 'sm:grid-cols-[1fr_auto_auto_auto]',
      )}
      onSubmit={(event) => {
        event.preventDefault()
        if (from && to && from > to) return setError('The start date must not be after the end date')
        setError(null)
        onApply({
          ...(stores ? { store: store ? Number(store) : undefined } : {}),
          ...(search ? { seller: seller.trim() || undefined, q: q.trim().toUpperCase() || undefined } : {}),
          from: from || undefined,
          to: to || undefined,
        })
      }}
    >
      {stores ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-store" className="text-sm font-medium text-ink">
            Store
          </label>
          <select
            id="filter-store"
            value={store}
            onChange={(event) => setStore(event.target.value)}
            className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <option value="">All stores</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {search ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-seller" className="text-sm font-medium text-ink">
              Seller
            </label>
            <Input
              id="filter-seller"
              type="search"
              value={seller}
              onChange={(event) => setSeller(event.target.value)}
              placeholder="Shop or legal name"
              maxLength={100}
              autoComplete="off"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-number" className="text-sm font-medium text-ink">
              Order number
            </label>
            <Input
              id="filter-number"
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              placeholder="e.g. OM-7K2P"
              maxLength={20}
              autoComplete="off"
              dir="ltr"
            />
          </div>
        </>
      ) : null}
      <div className={cn('grid grid-cols-2 gap-3', search ? 'sm:col-span-2 lg:contents' : 'sm:contents')}>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-from" className="text-sm font-medium text-ink">
            Placed from
          </label>
          <Input
            id="filter-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-to" className="text-sm font-medium text-ink">
            Placed to
          </label>
          <Input
            id="filter-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" className="flex-1 sm:flex-none">
          Apply
        </Button>
        {filtered ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setStore('')
              setSeller('')
              setQ('')
              setFrom('')
              setTo('')
              setError(null)
              // Every key, set to undefined: a page that merges the result into its search clears them.
              onApply({
                ...(stores ? { store: undefined } : {}),
                ...(search ? { seller: undefined, q: undefined } : {}),
                from: undefined,
                to: undefined,
              })
            }}
          >
            Clear
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="col-span-full text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <p className="col-span-full text-xs text-stone-600">Dates are calendar days in UTC.</p>
    </form>
  )
}
