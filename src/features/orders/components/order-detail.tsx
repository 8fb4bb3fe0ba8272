import type { ReactNode } from 'react'
import { PLUS_NAME } from '~/features/plus/plus.schemas'
import { formatMoney } from '~/lib/money'
import type { OrderDetail } from '../orders.schemas'
import { OrderStatusBadge } from './order-status-badge'
import { formatTehranDateTime } from '~/lib/tehran-time'

const paymentStatusLabels = {
  open: 'Started, not finished',
  succeeded: 'Paid',
  failed: 'Failed',
  expired: 'Timed out',
} as const

export function OrderHeader({ order, viewer }: { order: OrderDetail; viewer: 'buyer' | 'seller' | 'admin' }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Order{' '}
          <span dir="ltr" className="font-mono">
            {order.number}
          </span>
        </h1>
        <OrderStatusBadge status={order.status} className="text-sm" />
      </div>
      <p className="text-sm text-stone-600">
        Placed <time dateTime={order.created_at}>{formatTehranDateTime(order.created_at)}</time>
        {viewer === 'admin' ? ` · Seller: ${order.seller_name}` : null}
        {viewer === 'buyer' ? ` · Seller: ${order.seller_name}` : ` · Buyer: ${order.buyer.name}`}
        {viewer !== 'buyer' && order.buyer.phone ? (
          <>
            {' · '}
            <a
              href={`tel:${order.buyer.phone}`}
              dir="ltr"
              className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {order.buyer.phone}
            </a>
          </>
        ) : null}
      </p>
    </div>
  )
}

export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-base font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The ordered items: a list rather than a table, so that a phone shows each line whole (name, SKU
 * and store; quantity times the price paid; the line's total) without scrolling sideways.
 */
export function OrderLines({ order }: { order: OrderDetail }) {
  const money = (n: number) => formatMoney(n, order.currency)
  return (
    <section
      aria-labelledby="items-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h2 id="items-title" className="mb-1 text-base font-semibold text-ink">
        Items ({order.lines.length})
      </h2>
      <ul className="divide-y divide-stone-200">
        {order.lines.map((line) => (
          <li
            key={line.id}
            className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-medium text-ink">{line.product_name}</span>
              <span className="text-xs text-stone-600">
                <span dir="ltr">{line.sku}</span> · {line.store_name}
              </span>
            </div>
            <div className="flex items-baseline justify-between gap-3 sm:shrink-0 sm:flex-col-reverse sm:items-end sm:gap-0.5">
              <span className="min-w-0 text-xs text-stone-600 tabular-nums">
                {line.quantity} {line.unit} ×{' '}
                {money(line.offer_price > 0 ? line.offer_price : line.unit_price)}
                {line.offer_price > 0 ? (
                  <>
                    {' '}
                    <s>
                      <span className="sr-only">instead of </span>
                      {money(line.unit_price)}
                    </s>
                  </>
                ) : null}
              </span>
              <span className="shrink-0 font-semibold whitespace-nowrap text-ink tabular-nums">
                {money(line.line_total)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function OrderTotals({
  order,
  viewer = 'buyer',
}: {
  order: OrderDetail
  viewer?: 'buyer' | 'seller' | 'admin'
}) {
  const money = (n: number) => formatMoney(n, order.currency)
  const byPlus = order.delivery_paid_by_platform
  const rows: Array<[string, string]> = [
    ['Subtotal', money(order.subtotal)],
    ...(order.discount > 0 ? [['Offers', `− ${money(order.discount)}`] as [string, string]] : []),
    byPlus > 0
      ? [
          `Delivery — paid by ${PLUS_NAME}`,
          viewer === 'buyer' ? `Free (saved ${money(byPlus)})` : money(byPlus),
        ]
      : [
          'Delivery',
          order.delivery_method === 'pickup'
            ? 'Pickup'
            : order.delivery_fee
              ? money(order.delivery_fee)
              : 'Free',
        ],
    [`VAT (${order.vat_percent}%)`, money(order.vat)],
  ]
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4">
          <dt className="text-stone-600">{term}</dt>
          <dd className="text-ink tabular-nums whitespace-nowrap">{value}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-semibold">
        <dt className="text-ink">{byPlus > 0 && viewer !== 'buyer' ? 'Total paid by the buyer' : 'Total'}</dt>
        <dd className="text-ink tabular-nums whitespace-nowrap" data-testid="order-total">
          {money(order.total)}
        </dd>
      </div>
      {byPlus > 0 && viewer !== 'buyer' ? (
        <div className="flex justify-between gap-4 text-sm" data-testid="order-seller-receives">
          <dt className="text-stone-600">
            {viewer === 'seller' ? 'You receive' : 'The seller receives'} (with the delivery fee {PLUS_NAME}{' '}
            pays)
          </dt>
          <dd className="text-ink tabular-nums font-semibold whitespace-nowrap">
            {money(order.total + byPlus)}
          </dd>
        </div>
      ) : null}
    </dl>
  )
}

/** Where and when to collect a pickup order, per store. */
function PickupDetails({ order }: { order: OrderDetail }) {
  if (!order.pickup_points.length)
    return (
      <p>
        <span className="font-medium text-ink">Pickup</span> from the store
        {order.pickup_city ? ` in ${order.pickup_city}` : ''}.
      </p>
    )
  return (
    <div className="flex flex-col gap-2" data-testid="pickup-points">
      <span className="font-medium text-ink">
        Pickup from {order.pickup_points.length === 1 ? 'the store' : 'these stores'}
      </span>
      <ul className="flex flex-col gap-2">
        {order.pickup_points.map((point) => (
          <li key={`${point.store}|${point.city}`}>
            <address className="flex flex-col gap-0.5 not-italic">
              <span className="font-medium text-ink">
                {point.store}, {point.city}
              </span>
              <span>{point.address || 'Ask the seller for the pickup address'}</span>
              <span className="text-stone-600">Hours: {point.hours || 'ask the seller before you go'}</span>
            </address>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function DeliveryDetails({ order }: { order: OrderDetail }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      {order.address ? (
        <address className="flex flex-col gap-0.5 not-italic">
          <span className="font-medium text-ink">Delivery to {order.address.title}</span>
          <span>{order.address.street}</span>
          <span>
            {order.address.city}, {order.address.province} ·{' '}
            <span dir="ltr">{order.address.postal_code}</span>
          </span>
          <span className="text-stone-600">
            Receiver: {order.address.receiver_name} · <span dir="ltr">{order.address.receiver_phone}</span>
          </span>
        </address>
      ) : (
        <PickupDetails order={order} />
      )}
      {order.shipping_carrier || order.tracking_number ? (
        <p>
          <span className="font-medium text-ink">Shipped with</span> {order.shipping_carrier} · Tracking
          number{' '}
          <span dir="ltr" className="font-mono" data-testid="tracking-number">
            {order.tracking_number}
          </span>
        </p>
      ) : null}
      {order.note ? (
        <p>
          <span className="font-medium text-ink">Buyer’s note:</span> {order.note}
        </p>
      ) : null}
    </div>
  )
}

export function PaymentSummary({ order }: { order: OrderDetail }) {
  if (!order.payments.length)
    return (
      <p className="text-sm text-stone-600">
        {order.paid_at ? (
          <>
            Paid <time dateTime={order.paid_at}>{formatTehranDateTime(order.paid_at)}</time>.
          </>
        ) : (
          'No payment has been started for this order.'
        )}
      </p>
    )
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {order.payments.map((payment, index) => (
        <li key={index} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <span>
            <span className="font-medium text-ink">{paymentStatusLabels[payment.status]}</span>
            {payment.failure_reason ? ` (${payment.failure_reason})` : ''}
            {payment.refunded_amount > 0
              ? ` · Refunded ${formatMoney(payment.refunded_amount, payment.currency)}`
              : ''}
          </span>
          <span className="text-stone-600">
            {formatMoney(payment.amount, payment.currency)} ·{' '}
            <time dateTime={payment.completed_at ?? payment.created_at}>
              {formatTehranDateTime(payment.completed_at ?? payment.created_at)}
            </time>
          </span>
        </li>
      ))}
    </ul>
  )
}
