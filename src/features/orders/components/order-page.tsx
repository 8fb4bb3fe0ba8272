import type { ReactNode } from 'react'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import type { OrderDetail } from '../orders.schemas'
import { DeliveryDetails, OrderHeader, OrderLines, OrderTotals, Panel, PaymentSummary } from './order-detail'
import { OrderTimeline } from './order-timeline'

/**
 * The order page both sides share (/buyer/orders/{id}/process, /seller/orders/{id}/process): the
 * header, that side's actions, lines, totals with the invoice link, delivery, payment (buyer only)
 * and the timeline. /admin/orders/{id} uses it too, with both parties and the payment.
 */
export function OrderPage({
  order,
  viewer,
  back,
  actions,
  invoiceLink,
  panels,
}: {
  order: OrderDetail
  viewer: 'buyer' | 'seller' | 'admin'
  back: ReactNode
  actions: ReactNode
  invoiceLink: ReactNode
  /** More side panels, first in the column (the admin's page: who bought from whom). */
  panels?: ReactNode
}) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      {back}
      <OrderHeader order={order} viewer={viewer} />
      {actions}
      {/* Phones: items, totals and delivery, then the timeline; wide screens: the timeline under the items. */}
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0">
          <OrderLines order={order} />
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {panels}
          <Panel title={m.seller_order_panel_totals()} id="totals-title">
            <OrderTotals order={order} viewer={viewer} />
            {invoiceLink ? <p className="mt-3 text-sm">{invoiceLink}</p> : null}
          </Panel>
          {viewer === 'seller' && order.commission ? (
            <Panel title={m.finance_order_commission_title()} id="commission-title">
              <SellerCommission commission={order.commission} currency={order.currency} />
            </Panel>
          ) : null}
          <Panel title={m.seller_order_panel_delivery()} id="delivery-title">
            <DeliveryDetails order={order} />
          </Panel>
          {viewer !== 'seller' ? (
            <Panel title={m.seller_order_panel_payment()} id="payment-title">
              <PaymentSummary order={order} />
            </Panel>
          ) : null}
        </div>
        <div className="min-w-0 lg:col-start-1">
          <OrderTimeline events={order.timeline} />
        </div>
      </div>
    </section>
  )
}

/** The seller's side of a paid order: the platform's commission, the VAT on it and the seller's share. */
function SellerCommission({
  commission,
  currency,
}: {
  commission: NonNullable<OrderDetail['commission']>
  currency: string
}) {
  const rows: [string, number][] = [
    [m.finance_order_commission(), commission.commission],
    [m.finance_order_commission_vat(), commission.vat],
    [m.finance_order_net_share(), commission.net],
  ]
  return (
    <>
      <dl className="flex flex-col gap-1 text-sm" data-testid="order-commission">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-stone-700">{label}</dt>
            <dd className="font-medium text-ink tabular-nums">{formatMoney(value, currency)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-stone-600">{m.finance_order_commission_note()}</p>
    </>
  )
}

export const backLinkClass = 'self-start text-sm font-medium text-brand-800 hover:underline'
export const invoiceLinkClass = 'font-medium text-brand-800 hover:underline'
