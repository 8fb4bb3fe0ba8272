import { sellerOrderActionFn } from '../orders.functions'
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
            success={`Order ${order.number} accepted: the buyer has been told`}
            label="Accept order"
            pendingLabel="Accepting…"
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
            success={`Order ${order.number} marked delivered`}
            label="Mark delivered"
            pendingLabel="Saving…"
          />
        ) : null}
      </div>
    </div>
  )
}

function hint(order: OrderDetail): string {
  if (order.status === 'paid')
    return 'The buyer has paid. Accept the order to prepare it, or reject it with a reason.'
  if (order.status === 'accepted')
    return 'When the goods leave, mark the order shipped with the carrier and tracking number.'
  if (order.status === 'shipped')
    return 'Mark it delivered when the carrier confirms, or the buyer will confirm it.'
  return ''
}
