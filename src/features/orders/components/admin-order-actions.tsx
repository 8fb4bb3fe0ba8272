import { formatMoney } from '~/lib/money'
import { adminOrderActionFn } from '../orders-admin.functions'
import { adminCancelInput } from '../orders-admin.schemas'
import type { OrderDetail } from '../orders.schemas'
import { OrderMoveButton, ReasonDialog, RejectDialog, ShipDialog } from './order-action-dialogs'

/**
 * An administrator's moves: every one order-machine.ts allows an admin from the order's state
 * (next_statuses comes from the server, which checks again). Reject and cancel need a reason, ship
 * needs the carrier and tracking number; a paid order is refunded when it is rejected or cancelled.
 */
export function AdminOrderActions({ order }: { order: OrderDetail }) {
  const next = order.next_statuses
  const run = (action: 'accept' | 'deliver' | 'complete') => () =>
    adminOrderActionFn({ data: { order_id: order.id, action } })
  const paid = order.status !== 'pending_payment'
  if (!next.length)
    return (
      <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-4 text-sm text-stone-700">
        This order is closed: nobody can move it any more.
      </p>
    )
  return (
    <section
      aria-labelledby="admin-actions-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50/60 p-4 sm:p-5"
    >
      <h2 id="admin-actions-title" className="text-base font-semibold text-ink">
        Act as administrator
      </h2>
      <p className="text-sm text-stone-700">
        The buyer and the seller are told of every move, and the timeline records it under your name.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {next.includes('accepted') ? (
          <OrderMoveButton
            run={run('accept')}
            success={`Order ${order.number} accepted for the seller`}
            label="Accept order"
            pendingLabel="Accepting…"
          />
        ) : null}
        {next.includes('shipped') ? (
          <ShipDialog
            order={order}
            run={(input) => adminOrderActionFn({ data: { order_id: order.id, action: 'ship', ...input } })}
          />
        ) : null}
        {next.includes('delivered') ? (
          <OrderMoveButton
            run={run('deliver')}
            success={`Order ${order.number} marked delivered`}
            label="Mark delivered"
            pendingLabel="Saving…"
          />
        ) : null}
        {next.includes('completed') ? (
          <OrderMoveButton
            run={run('complete')}
            success={`Order ${order.number} completed`}
            label="Complete order"
            pendingLabel="Completing…"
          />
        ) : null}
        {next.includes('rejected') ? (
          <RejectDialog
            order={order}
            description="For the seller: the buyer and the seller read the reason, the payment is refunded and the goods go back on sale."
            run={(reason) => adminOrderActionFn({ data: { order_id: order.id, action: 'reject', reason } })}
          />
        ) : null}
        {next.includes('cancelled') ? (
          <ReasonDialog
            schema={adminCancelInput}
            run={(reason) => adminOrderActionFn({ data: { order_id: order.id, action: 'cancel', reason } })}
            trigger="Cancel order"
            title={`Cancel order ${order.number}?`}
            description={
              paid
                ? `The buyer and the seller read the reason on the timeline, the goods go back on sale and the payment of ${formatMoney(order.total, order.currency)} is refunded.`
                : 'The buyer and the seller read the reason on the timeline and the goods go back on sale. This cannot be undone.'
            }
            submit="Cancel order"
            submitting="Cancelling…"
            success={`Order ${order.number} cancelled${paid ? ': the buyer is refunded' : ''}`}
          />
        ) : null}
      </div>
    </section>
  )
}
