import type { ReactNode } from 'react'
import { m } from '~/lib/messages'
import * as v from 'valibot'
import { orderStatuses, type OrderStatus } from '~/lib/domain-enums'
import { textSchema } from '~/lib/schema-pieces'
import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { useAppForm } from '~/ui/form/app-form'
import { SearchForm } from '~/ui/form/search-form'
import { SearchLink } from '~/ui/list-page'
import { orderStatusLabel } from '../order-machine'

export const statusChipClasses = (active: boolean) =>
  cn(
    'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1',
    active ? 'bg-ink text-white ring-ink' : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50',
  )

/**
 * "All" and one chip per status; each link keeps the page's other filters. On a
 * phone the row scrolls sideways instead of taking half the screen.
 */
export function StatusFilter({
  active,
  counts,
  renderLink = (status, props) => <SearchLink change={{ status }} {...props} />,
}: {
  active: OrderStatus | undefined
  counts?: Record<OrderStatus, number>
  /** Default: this list with the status changed, back on page 1. */
  renderLink?: (
    status: OrderStatus | undefined,
    props: { className: string; 'aria-current'?: 'page'; children: ReactNode },
  ) => ReactNode
}) {
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined
  return (
    <nav aria-label={m.seller_order_filter_status_label()} className="overflow-x-auto p-0.5 pb-1">
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
                    {status ? orderStatusLabel(status) : m.seller_order_filter_all()}
                    {count !== undefined ? (
                      <span className={cn('tabular-nums', isActive ? 'text-white/80' : 'text-stone-500')}>
                        {formatNumber(count)}
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

type ScopeChange = { dates?: 'paid'; seller_id?: undefined }

/**
 * /admin/orders: which date the period filters on (placed, or paid: the dashboard's GMV and paid
 * orders), and the one seller the list is narrowed to, with a way out of it.
 */
export function OrderScope({
  dates,
  seller,
  renderLink = (change, props) => <SearchLink change={change} {...props} />,
}: {
  dates: 'placed' | 'paid'
  seller: { id: number; name: string } | null
  /** Default: this list with the scope changed, back on page 1. */
  renderLink?: (
    change: ScopeChange,
    props: { className: string; 'aria-current'?: 'page'; 'aria-label'?: string; children: ReactNode },
  ) => ReactNode
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <nav aria-label={m.seller_order_scope_dates_label()} className="flex items-center gap-2">
        <span className="text-sm text-stone-600">{m.seller_order_scope_dates()}</span>
        {renderLink(
          { dates: undefined },
          {
            className: statusChipClasses(dates === 'placed'),
            'aria-current': dates === 'placed' ? 'page' : undefined,
            children: m.seller_order_scope_placed(),
          },
        )}
        {renderLink(
          { dates: 'paid' },
          {
            className: statusChipClasses(dates === 'paid'),
            'aria-current': dates === 'paid' ? 'page' : undefined,
            children: m.seller_order_scope_paid(),
          },
        )}
      </nav>
      {seller ? (
        <p className="flex items-center gap-2 text-sm text-stone-700">
          {m.seller_order_scope_seller()} <span className="font-semibold text-ink">{seller.name}</span>
          {renderLink(
            { seller_id: undefined },
            {
              className: statusChipClasses(false),
              'aria-label': m.seller_order_scope_all_sellers_label({ name: seller.name }),
              children: m.seller_order_scope_all_sellers(),
            },
          )}
        </p>
      ) : null}
    </div>
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
      ariaLabel={m.seller_order_search_label()}
      label={m.seller_order_number()}
      labelHidden
      initial={value}
      placeholder={m.seller_order_search_placeholder()}
      maxLength={20}
      dir="ltr"
      normalize={(q) => q.toUpperCase()}
      onSearch={onSearch}
      className="w-full sm:max-w-sm"
    />
  )
}

const DATE = v.union([
  v.literal(''),
  v.pipe(
    v.string(),
    v.isoDate(() => m.seller_order_filter_choose_date()),
  ),
])

/** The filter form's text as checked before the URL changes; the dates must not be the wrong way round. */
const sellerFilterSchema = v.pipe(
  v.object({
    store: v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.regex(/^\d{1,9}$/, () => m.seller_order_filter_unknown_store()),
      ),
    ]),
    seller: textSchema(100),
    q: textSchema(20),
    from: DATE,
    to: DATE,
  }),
  v.forward(
    v.check(
      ({ from, to }) => !from || !to || from <= to,
      () => m.seller_order_filter_date_order(),
    ),
    ['to'],
  ),
)

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
 * Store and date range (Tehran days) for /seller/orders. /admin/orders passes no stores and `search`,
 * which puts the seller's name and the order number in their place.
 */
export function SellerOrderFilters({
  values,
  stores,
  search = false,
  datesLabel = 'Placed',
  onApply,
}: {
  values: SellerFilterValues
  stores?: Array<{ id: number; name: string }>
  search?: boolean
  /** What the dates filter on (the admin's list may filter by payment date). */
  datesLabel?: 'Placed' | 'Paid'
  onApply: (next: SellerFilterValues) => void
}) {
  const filtered = Boolean(values.store || values.from || values.to || values.seller || values.q)
  const empty = { store: '', seller: '', q: '', from: '', to: '' }
  const apply = (draft: typeof empty) =>
    // Every key the form owns is set, to undefined when empty: the page merges the result into its search.
    onApply({
      ...(stores ? { store: draft.store ? Number(draft.store) : undefined } : {}),
      ...(search ? { seller: draft.seller || undefined, q: draft.q.toUpperCase() || undefined } : {}),
      from: draft.from || undefined,
      to: draft.to || undefined,
    })
  const { form, formProps, reset } = useAppForm({
    schema: sellerFilterSchema,
    defaultValues: {
      store: values.store ? String(values.store) : '',
      seller: values.seller ?? '',
      q: values.q ?? '',
      from: values.from ?? '',
      to: values.to ?? '',
    },
    onSubmit: async (draft) => apply(draft),
  })
  return (
    <form
      {...formProps}
      aria-label={m.seller_order_filter_form_label()}
      className={cn(
        'grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:items-start',
        search ? 'sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]' : 'sm:grid-cols-[1fr_auto_auto_auto]',
      )}
    >
      {stores ? (
        <form.AppField name="store">
          {(field) => (
            <field.SelectField
              label={m.seller_order_filter_store()}
              options={[
                { value: '', label: m.seller_order_filter_all_stores() },
                ...stores.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
            />
          )}
        </form.AppField>
      ) : null}
      {search ? (
        <>
          <form.AppField name="seller">
            {(field) => (
              <field.TextField
                label={m.seller_order_filter_seller()}
                type="search"
                placeholder={m.seller_order_filter_seller_placeholder()}
                maxLength={100}
                autoComplete="off"
              />
            )}
          </form.AppField>
          <form.AppField name="q">
            {(field) => (
              <field.TextField
                label={m.seller_order_number()}
                type="search"
                placeholder={m.seller_order_filter_number_placeholder()}
                maxLength={20}
                autoComplete="off"
                dir="ltr"
              />
            )}
          </form.AppField>
        </>
      ) : null}
      <div className={cn('grid grid-cols-2 gap-3', search ? 'sm:col-span-2 lg:contents' : 'sm:contents')}>
        <form.AppField name="from">
          {(field) => (
            <field.DateField
              label={
                datesLabel === 'Paid'
                  ? m.seller_order_filter_paid_from()
                  : m.seller_order_filter_placed_from()
              }
            />
          )}
        </form.AppField>
        <form.AppField name="to">
          {(field) => (
            <field.DateField
              label={
                datesLabel === 'Paid' ? m.seller_order_filter_paid_to() : m.seller_order_filter_placed_to()
              }
            />
          )}
        </form.AppField>
      </div>
      <div className="flex gap-2 sm:mt-6">
        <form.AppForm>
          <form.SubmitButton variant="secondary" className="flex-1 sm:flex-none">
            {m.seller_order_filter_apply()}
          </form.SubmitButton>
        </form.AppForm>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              reset(empty)
              apply(empty)
            }}
          >
            {m.seller_order_filter_clear()}
          </Button>
        ) : null}
      </div>
      <p className="col-span-full text-xs text-stone-600">{m.seller_order_filter_tehran_days()}</p>
    </form>
  )
}
