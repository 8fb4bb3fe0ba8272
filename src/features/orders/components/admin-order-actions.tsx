import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
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
        {m.seller_admin_order_closed()}
      </p>
    )
  return (
    <section
      aria-labelledby="admin-actions-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50/60 p-4 sm:p-5"
    >
      <h2 id="admin-actions-title" className="text-base font-semibold text-ink">
        {m.seller_admin_order_act()}
      </h2>
      <p className="text-sm text-stone-700">
        {m.seller_admin_order_act_note()}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {next.includes('accepted') ? (
          <OrderMoveButton
            run={run('accept')}
            success={m.seller_admin_order_accepted_toast({ number: order.number })}
            label={m.seller_order_accept()}
            pendingLabel={m.seller_order_accepting()}
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
            success={m.seller_order_delivered_toast({ number: order.number })}
            label={m.seller_order_mark_delivered()}
            pendingLabel={m.seller_order_saving()}
          />
        ) : null}
        {next.includes('completed') ? (
          <OrderMoveButton
            run={run('complete')}
            success={m.seller_admin_order_completed_toast({ number: order.number })}
            label={m.seller_admin_order_complete()}
            pendingLabel={m.seller_admin_order_completing()}
          />
        ) : null}
        {next.includes('rejected') ? (
          <RejectDialog
            order={order}
            description={m.seller_admin_order_reject_description()}
            run={(reason) => adminOrderActionFn({ data: { order_id: order.id, action: 'reject', reason } })}
          />
        ) : null}
        {next.includes('cancelled') ? (
          <ReasonDialog
            schema={adminCancelInput}
            run={(reason) => adminOrderActionFn({ data: { order_id: order.id, action: 'cancel', reason } })}
            trigger={m.seller_order_cancel()}
            title={m.seller_order_cancel_title({ number: order.number })}
            description={
              paid
                ? m.seller_admin_order_cancel_paid({ amount: formatMoney(order.total, order.currency) })
                : m.seller_admin_order_cancel_unpaid()
            }
            submit={m.seller_order_cancel()}
            submitting={m.seller_order_cancelling()}
            success={
              paid
                ? m.seller_admin_order_cancelled_refunded_toast({ number: order.number })
                : m.seller_order_cancelled_toast({ number: order.number })
            }
          />
        ) : null}
      </div>
    </section>
  )
}
