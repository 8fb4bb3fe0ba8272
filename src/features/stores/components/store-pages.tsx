import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { buttonClasses } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import type { StoreDetail, StoreSummary } from '../stores.schemas'
import { formatNumber } from '~/lib/money'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { m } from '~/lib/messages'
import { nameInLocale } from '~/lib/i18n'

const linkClass = 'font-medium text-brand-800 underline-offset-4 hover:underline'

export function StoreStatusBadge({ status }: { status: StoreSummary['status'] }) {
  return status === 'active' ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
      {m.inventory_store_active()}
    </span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
      {m.inventory_store_paused()}
    </span>
  )
}

/** /seller/stores: every store of the seller with its offer counts and links. */
export function StoreList({ stores, canEdit }: { stores: StoreSummary[]; canEdit: boolean }) {
  if (stores.length === 0)
    return (
      <EmptyState
        title={m.inventory_stores_empty_title()}
        action={
          canEdit ? (
            <Link to="/seller/stores/create" className={buttonClasses()}>
              {m.inventory_store_new()}
            </Link>
          ) : null
        }
      >
        {m.inventory_stores_empty_body()}
      </EmptyState>
    )
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {stores.map((store) => (
        <li key={store.id} className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate text-base font-semibold text-ink">{nameInLocale(store)}</h2>
              <p className="text-sm text-stone-600">{store.city}</p>
            </div>
            <StoreStatusBadge status={store.status} />
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-xs text-stone-500">{m.inventory_store_live_offers()}</dt>
              <dd className="font-semibold text-ink">{formatNumber(store.liveOffers)}</dd>
            </div>
            <div>
              <dt className="text-xs text-stone-500">{m.inventory_store_out_of_stock()}</dt>
              <dd className="font-semibold text-ink">{formatNumber(store.outOfStock)}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link
              to="/seller/stores/$storeId/show"
              params={{ storeId: String(store.id) }}
              className={linkClass}
            >
              {m.inventory_store_overview_link()}
              <span className="sr-only">{m.inventory_store_of_name({ name: nameInLocale(store) })}</span>
            </Link>
            {canEdit ? (
              <Link
                to="/seller/stores/$storeId/edit"
                params={{ storeId: String(store.id) }}
                className={linkClass}
              >
                {m.inventory_store_edit_link()}
                <span className="sr-only"> {nameInLocale(store)}</span>
              </Link>
            ) : null}
            <Link
              to="/seller/stores/$storeId/products"
              params={{ storeId: String(store.id) }}
              className={linkClass}
            >
              {m.inventory_store_products_link()}
              <span className="sr-only">{m.inventory_store_of_name({ name: nameInLocale(store) })}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  )
}

const actionLabel = (action: string): string =>
  (
    ({
      'store.create': m.inventory_store_history_created,
      'store.update': m.inventory_store_history_updated,
      'store.pause': m.inventory_store_history_paused,
      'store.activate': m.inventory_store_history_activated,
    }) as Record<string, () => string>
  )[action]?.() ?? action

/** /seller/stores/{id}/show: the overview and the store's own audit history. */
export function StoreOverview({ store }: { store: StoreDetail }) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 rounded-2xl bg-stone-50 p-4 sm:grid-cols-4">
        <Detail term={m.inventory_store_status()}>
          <StoreStatusBadge status={store.status} />
        </Detail>
        <Detail term={m.inventory_store_live_offers()}>{formatNumber(store.liveOffers)}</Detail>
        <Detail term={m.inventory_store_out_of_stock()}>{formatNumber(store.outOfStock)}</Detail>
        <Detail term={m.inventory_store_orders_this_month()}>{formatNumber(store.ordersThisMonth)}</Detail>
      </dl>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail term={m.inventory_store_name_fa_term()}>
          {store.nameFa ? (
            <span lang="fa" dir="rtl">
              {store.nameFa}
            </span>
          ) : (
            '—'
          )}
        </Detail>
        <Detail term={m.inventory_store_city()}>{store.city}</Detail>
        <Detail term={m.inventory_store_public_page()}>
          <a href={`/store/${store.slug}`} className={linkClass} dir="ltr">
            {`/store/${store.slug}`}
          </a>
        </Detail>
        <Detail term={m.inventory_store_pickup_address()}>{store.pickupAddress || '—'}</Detail>
        <Detail term={m.inventory_store_pickup_hours()}>{store.pickupHours || '—'}</Detail>
        <Detail term={m.inventory_store_description()}>{store.description || '—'}</Detail>
      </dl>
      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="text-lg font-semibold text-ink">
          {m.inventory_store_history()}
        </h2>
        <ol className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {store.history.map((event) => (
            <li key={event.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-ink">{actionLabel(event.action)}</span>
                <time dateTime={event.at} className="text-stone-500">
                  {formatTehranDateTime(event.at)}
                </time>
              </div>
              {event.action === 'store.create' ? null : (
                <ul className="text-stone-700">
                  {Object.entries(event.changes).map(([field, change]) => (
                    <li key={field} className="break-words">
                      <span dir="ltr">{field}</span>:{' '}
                      <s className="text-stone-500">{String(change.before ?? '—')}</s>{' '}
                      <span className="rtl:-scale-x-100 inline-block">→</span> {String(change.after ?? '—')}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
