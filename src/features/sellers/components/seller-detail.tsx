import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { OrderStatusBadge } from '~/features/orders'
import { formatMoney, formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { cn } from '~/lib/cn'
import { notify } from '~/lib/notify'
import { ReasonDialog } from '~/ui/reason-dialog'
import { changeSellerStatusFn } from '../seller-admin.functions'
import {
  QUALITY_THRESHOLDS,
  QUALITY_WINDOW_DAYS,
  SHIP_WITHIN_HOURS,
  type SellerDetail,
} from '../seller-admin.schemas'
import { sellerQueries } from '../sellers.queries'
import { SellerStatusBadge } from './seller-status'
import { formatTehranDay } from '~/lib/tehran-time'
import { nameInLocale } from '~/lib/i18n'

const percent = (value: number | null) =>
  value === null ? '—' : m.admin_analytics_percent({ value: formatNumber(Math.round(value * 1000) / 10) })
const hours = (value: number | null) =>
  value === null ? '—' : m.admin_seller_hours({ value: formatNumber(Math.round(value * 10) / 10) })

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="text-sm text-stone-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-ink">{children}</dd>
    </div>
  )
}

/** /admin/sellers/{id}: who the seller is, what it sells, how it performs, and suspension. */
export function SellerDetailView({ seller }: { seller: SellerDetail }) {
  const q = seller.quality
  const figures = [
    {
      key: 'acceptanceHours' as const,
      label: m.admin_seller_time_to_accept(),
      value: hours(q.acceptanceHours),
      limit: m.admin_seller_warning_above({ limit: hours(QUALITY_THRESHOLDS.acceptanceHours) }),
    },
    {
      key: 'rejectionRate' as const,
      label: m.admin_seller_rejected_orders(),
      value: percent(q.rejectionRate),
      limit: m.admin_seller_warning_above({ limit: percent(QUALITY_THRESHOLDS.rejectionRate) }),
    },
    {
      key: 'cancellationRate' as const,
      label: m.admin_seller_cancelled_orders(),
      value: percent(q.cancellationRate),
      limit: m.admin_seller_warning_above({ limit: percent(QUALITY_THRESHOLDS.cancellationRate) }),
    },
    {
      key: 'lateShippingRate' as const,
      label: m.admin_seller_shipped_late({ hours: hours(SHIP_WITHIN_HOURS) }),
      value: percent(q.lateShippingRate),
      limit: m.admin_seller_warning_above({ limit: percent(QUALITY_THRESHOLDS.lateShippingRate) }),
    },
  ]
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 id="page-title" className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
            {seller.displayName}
          </h1>
          <SellerStatusBadge status={seller.status} />
        </div>
        <StatusAction seller={seller} />
      </div>
      {seller.status === 'suspended' && seller.statusReason ? (
        <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="suspension-reason">
          <span className="font-semibold">{m.admin_seller_suspended()}</span> {seller.statusReason}
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <Card title={m.admin_seller_profile()}>
          <dl className="flex flex-col gap-2">
            <Row label={m.admin_seller_legal_name()}>{seller.legalName}</Row>
            <Row label={m.admin_seller_national_id()}>
              <span dir="ltr">{seller.nationalId}</span>
            </Row>
            <Row label={m.admin_seller_owner()}>
              {seller.owner.name || '—'} · <span dir="ltr">{seller.owner.cellphone}</span>
            </Row>
            <Row label={m.admin_seller_business_phone()}>
              <span dir="ltr">{seller.phone}</span>
            </Row>
            <Row label={m.admin_seller_address()}>
              {m.admin_seller_address_value({ city: seller.city, address: seller.address })}
            </Row>
            <Row label={m.admin_seller_plan()}>{seller.planName}</Row>
            <Row label={m.admin_seller_since()}>{formatTehranDay(seller.createdAt)}</Row>
          </dl>
        </Card>
        <Card title={m.admin_seller_quality({ days: formatNumber(QUALITY_WINDOW_DAYS) })}>
          <p className="text-sm text-stone-600">
            {m.admin_seller_over_orders({ count: q.paidOrders, countText: formatNumber(q.paidOrders) })}
          </p>
          <dl className="grid gap-3 sm:grid-cols-2">
            {figures.map((f) => {
              const warn = q.warnings[f.key]
              return (
                <div
                  key={f.key}
                  className={cn(
                    'rounded-xl border p-3',
                    warn ? 'border-red-300 bg-red-50' : 'border-stone-200 bg-stone-50',
                  )}
                >
                  <dt className="text-xs text-stone-700">{f.label}</dt>
                  <dd className={cn('text-xl font-semibold', warn ? 'text-red-900' : 'text-ink')}>
                    {f.value}
                    {warn ? (
                      <span className="ms-2 text-xs font-semibold">{m.admin_seller_warning()}</span>
                    ) : null}
                  </dd>
                  <dd className="text-xs text-stone-600">{f.limit}</dd>
                </div>
              )
            })}
          </dl>
        </Card>
      </div>
      <Card title={m.admin_seller_orders()}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm text-stone-600">
            {m.admin_seller_orders_summary({
              total: formatNumber(seller.orders.total),
              open: formatNumber(seller.orders.open),
            })}
            {seller.recentOrders.length ? m.admin_seller_orders_newest() : ''}
          </p>
          {seller.orders.total ? (
            <Link
              to="/admin/orders"
              search={{ seller_id: seller.id }}
              className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {m.admin_seller_all_orders({
                count: seller.orders.total,
                countText: formatNumber(seller.orders.total),
                name: seller.displayName,
              })}
            </Link>
          ) : null}
        </div>
        {seller.recentOrders.length ? (
          <ul className="flex flex-col divide-y divide-stone-200" aria-label={m.admin_seller_newest_orders()}>
            {seller.recentOrders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <Link
                  to="/admin/orders/$id"
                  params={{ id: String(order.id) }}
                  className="font-medium text-ink underline-offset-4 hover:underline"
                  dir="ltr"
                >
                  {order.number}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                  <OrderStatusBadge status={order.status} />
                  {order.buyerName} · {formatTehranDay(order.createdAt)} ·{' '}
                  <span className="font-semibold text-ink tabular-nums">
                    {formatMoney(order.total, order.currency)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">{m.admin_seller_no_orders()}</p>
        )}
      </Card>
      <Card title={m.admin_seller_stores()}>
        {seller.stores.length ? (
          <ul className="flex flex-col divide-y divide-stone-200">
            {seller.stores.map((store) => (
              <li key={store.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <a
                  href={`/store/${store.slug}`}
                  className="font-medium text-ink underline-offset-4 hover:underline"
                >
                  {nameInLocale(store)}
                </a>
                <span className="text-sm text-stone-600">
                  {store.city} ·{' '}
                  {store.status === 'active' ? m.admin_seller_store_active() : m.admin_seller_store_paused()}{' '}
                  · {m.admin_seller_store_listed({ count: store.live, countText: formatNumber(store.live) })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">{m.admin_seller_no_stores()}</p>
        )}
      </Card>
    </div>
  )
}

function StatusAction({ seller }: { seller: SellerDetail }) {
  const queryClient = useQueryClient()
  if (seller.status !== 'approved' && seller.status !== 'suspended') return null
  const suspend = seller.status === 'approved'
  return (
    <ReasonDialog
      trigger={suspend ? m.admin_seller_suspend() : m.admin_seller_reinstate()}
      title={
        suspend
          ? m.admin_seller_suspend_title({ name: seller.displayName })
          : m.admin_seller_reinstate_title({ name: seller.displayName })
      }
      description={suspend ? m.admin_seller_suspend_description() : m.admin_seller_reinstate_description()}
      hint={suspend ? m.admin_seller_suspend_hint() : m.admin_seller_reinstate_hint()}
      confirm={suspend ? m.admin_seller_suspend() : m.admin_seller_reinstate()}
      danger={suspend}
      onConfirm={async (reason) => {
        await changeSellerStatusFn({
          data: { sellerId: seller.id, action: suspend ? 'suspend' : 'reinstate', reason },
        })
        await queryClient.invalidateQueries({ queryKey: sellerQueries.all })
        notify(
          'success',
          suspend
            ? m.admin_seller_suspended_toast({ name: seller.displayName })
            : m.admin_seller_reinstated_toast({ name: seller.displayName }),
        )
      }}
    />
  )
}
