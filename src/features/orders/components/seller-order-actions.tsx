import { sellerOrderActionFn } from '../orders.functions'
import { m } from '~/lib/messages'
import type { OrderDetail } from '../orders.schemas'
import { OrderMoveButton, RejectDialog, ShipDialog } from './order-action-dialogs'

/** The seller's moves on a received order: only those order-machine.ts allows from its state. */
export function SellerOrderActions({ order }: { order: OrderDetail }) {
  const next = order.next_statuses
  if (!next.length) return null
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">{hint(order)}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {next.includes('accepted') ? (
          <OrderMoveButton
            run={() => sellerOrderActionFn({ data: { order_id: order.id, action: 'accept' } })}
            success={m.seller_order_accepted_toast({ number: order.number })}
            label={m.seller_order_accept()}
            pendingLabel={m.seller_order_accepting()}
          />
        ) : null}
        {next.includes('rejected') ? (
          <RejectDialog
            order={order}
            run={(reason) => sellerOrderActionFn({ data: { order_id: order.id, action: 'reject', reason } })}
          />
        ) : null}
        {next.includes('shipped') ? (
          <ShipDialog
            order={order}
            run={(input) => sellerOrderActionFn({ data: { order_id: order.id, action: 'ship', ...input } })}
          />
        ) : null}
        {next.includes('delivered') ? (
          <OrderMoveButton
            run={() => sellerOrderActionFn({ data: { order_id: order.id, action: 'deliver' } })}
            success={m.seller_order_delivered_toast({ number: order.number })}
            label={m.seller_order_mark_delivered()}
            pendingLabel={m.seller_order_saving()}
          />
        ) : null}
      </div>
    </div>
  )
}

function hint(order: OrderDetail): string {
  if (order.status === 'paid')
    return m.seller_order_hint_paid()
  if (order.status === 'accepted')
    return m.seller_order_hint_accepted()
  if (order.status === 'shipped')
    return m.seller_order_hint_shipped()
  return ''
}
