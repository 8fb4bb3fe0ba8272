import type { ReactNode } from 'react'
import { plusName } from '~/features/plus'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { paymentReasonShortLabel } from '~/features/payments'
import type { OrderDetail } from '../orders.schemas'
import { OrderStatusBadge } from './order-status-badge'
import { formatTehranDateTime } from '~/lib/tehran-time'

const paymentStatusLabels = {
  open: m.seller_order_payment_open,
  succeeded: m.seller_order_payment_succeeded,
  failed: m.seller_order_payment_failed,
  expired: m.seller_order_payment_expired,
} as const

/** Why an attempt failed, in a few words; nothing for a reason that is not one of the codes. */
function reasonWords(code: string | null): string {
  const words = paymentReasonShortLabel(code)
  return words ? m.seller_order_payment_reason({ reason: words }) : ''
}

export function OrderHeader({ order, viewer }: { order: OrderDetail; viewer: 'buyer' | 'seller' | 'admin' }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.seller_order_heading()}{' '}
          <span dir="ltr" className="font-mono">
            {order.number}
          </span>
        </h1>
        <OrderStatusBadge status={order.status} className="text-sm" />
      </div>
      <p className="text-sm text-stone-600">
        {m.seller_order_placed()}{' '}
        <time dateTime={order.created_at}>{formatTehranDateTime(order.created_at)}</time>
        {viewer !== 'seller' ? (
          <>
            {m.seller_order_header_seller()}
            <bdi>{order.seller_name}</bdi>
          </>
        ) : null}
        {viewer !== 'buyer' ? (
          <>
            {m.seller_order_header_buyer()}
            <bdi>{order.buyer.name}</bdi>
          </>
        ) : null}
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
        {m.seller_order_items_title({ count: formatNumber(order.lines.length) })}
      </h2>
      <ul className="divide-y divide-stone-200">
        {order.lines.map((line) => (
          <li
            key={line.id}
            className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-medium text-ink">
                {textInLocale(line.product_name, line.product_name_fa)}
              </span>
              <span className="text-xs text-stone-600">
                <span dir="ltr">{line.sku}</span> · {textInLocale(line.store_name, line.store_name_fa)}
              </span>
            </div>
            <div className="flex items-baseline justify-between gap-3 sm:shrink-0 sm:flex-col-reverse sm:items-end sm:gap-0.5">
              <span className="min-w-0 text-xs text-stone-600 tabular-nums">
                {formatNumber(line.quantity)} {textInLocale(line.unit, line.unit_fa)} ×{' '}
                {money(line.offer_price > 0 ? line.offer_price : line.unit_price)}
                {line.offer_price > 0 ? (
                  <>
                    {' '}
                    <s>
                      <span className="sr-only">{m.seller_order_line_instead_of()}</span>
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
    [m.seller_order_totals_subtotal(), money(order.subtotal)],
    ...(order.discount > 0
      ? [[m.seller_order_totals_offers(), `− ${money(order.discount)}`] as [string, string]]
      : []),
    byPlus > 0
      ? [
          m.seller_order_totals_delivery_by_plus({ plus: plusName() }),
          viewer === 'buyer' ? m.seller_order_totals_free_saved({ amount: money(byPlus) }) : money(byPlus),
        ]
      : [
          m.seller_order_totals_delivery(),
          order.delivery_method === 'pickup'
            ? m.seller_order_totals_pickup()
            : order.delivery_fee
              ? money(order.delivery_fee)
              : m.seller_order_totals_free(),
        ],
    [m.seller_order_totals_vat({ percent: formatNumber(order.vat_percent) }), money(order.vat)],
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
        <dt className="text-ink">
          {byPlus > 0 && viewer !== 'buyer'
            ? m.seller_order_totals_total_paid_by_buyer()
            : m.seller_order_totals_total()}
        </dt>
        <dd className="text-ink tabular-nums whitespace-nowrap" data-testid="order-total">
          {money(order.total)}
        </dd>
      </div>
      {byPlus > 0 && viewer !== 'buyer' ? (
        <div className="flex justify-between gap-4 text-sm" data-testid="order-seller-receives">
          <dt className="text-stone-600">
            {viewer === 'seller'
              ? m.seller_order_totals_you_receive({ plus: plusName() })
              : m.seller_order_totals_seller_receives({ plus: plusName() })}
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
        <span className="font-medium text-ink">{m.seller_order_pickup_from_store()}</span>
        {order.pickup_city
          ? m.seller_order_pickup_from_store_in({ city: order.pickup_city })
          : m.seller_order_pickup_from_store_rest()}
      </p>
    )
  return (
    <div className="flex flex-col gap-2" data-testid="pickup-points">
      <span className="font-medium text-ink">
        {order.pickup_points.length === 1
          ? m.seller_order_pickup_from_one()
          : m.seller_order_pickup_from_many()}
      </span>
      <ul className="flex flex-col gap-2">
        {order.pickup_points.map((point) => (
          <li key={`${point.store}|${point.city}`}>
            <address className="flex flex-col gap-0.5 not-italic">
              <span className="font-medium text-ink">
                {m.seller_order_pickup_point({
                  store: textInLocale(point.store, point.storeFa),
                  city: point.city,
                })}
              </span>
              <span>{point.address || m.seller_order_pickup_ask_address()}</span>
              <span className="text-stone-600">
                {m.seller_order_pickup_hours({ hours: point.hours || m.seller_order_pickup_ask_hours() })}
              </span>
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
          <span className="font-medium text-ink">
            {m.seller_order_delivery_to({ title: order.address.title })}
          </span>
          <span>{order.address.street}</span>
          <span>
            {m.seller_order_delivery_city({ city: order.address.city, province: order.address.province })}
            <span dir="ltr">{order.address.postal_code}</span>
          </span>
          <span className="text-stone-600">
            {m.seller_order_delivery_receiver()}
            <bdi>{order.address.receiver_name}</bdi>
            {' · '}
            <span dir="ltr">{order.address.receiver_phone}</span>
          </span>
        </address>
      ) : (
        <PickupDetails order={order} />
      )}
      {order.shipping_carrier || order.tracking_number ? (
        <p>
          <span className="font-medium text-ink">{m.seller_order_shipped_with()}</span>
          {m.seller_order_tracking_number_label({ carrier: order.shipping_carrier ?? '' })}
          <span dir="ltr" className="font-mono" data-testid="tracking-number">
            {order.tracking_number}
          </span>
        </p>
      ) : null}
      {order.note ? (
        <p>
          <span className="font-medium text-ink">{m.seller_order_buyer_note()}</span> {order.note}
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
            {m.seller_order_paid_at_before()}
            <time dateTime={order.paid_at}>{formatTehranDateTime(order.paid_at)}</time>
            {m.seller_order_paid_at_after()}
          </>
        ) : (
          m.seller_order_no_payment()
        )}
      </p>
    )
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {order.payments.map((payment, index) => (
        <li key={index} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <span>
            <span className="font-medium text-ink">{paymentStatusLabels[payment.status]()}</span>
            {reasonWords(payment.failure_reason)}
            {payment.refunded_amount > 0
              ? m.seller_order_payment_refunded({
                  amount: formatMoney(payment.refunded_amount, payment.currency),
                })
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
