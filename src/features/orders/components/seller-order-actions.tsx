import { Button } from '~/ui/button'
import { sellerOrderActionFn } from '../orders.functions'
import type { OrderDetail } from '../orders.schemas'
import { RejectDialog, ShipDialog } from './order-action-dialogs'
import { useOrderAction } from './use-order-action'

/** The seller's moves on a received order: only those order-machine.ts allows from its state. */
export function SellerOrderActions({ order }: { order: OrderDetail }) {
  const next = order.next_statuses
  const accept = useOrderAction(
    () => sellerOrderActionFn({ data: { order_id: order.id, action: 'accept' } }),
    `Order ${order.number} accepted: the buyer has been told`,
  )
  const deliver = useOrderAction(
    () => sellerOrderActionFn({ data: { order_id: order.id, action: 'deliver' } }),
    `Order ${order.number} marked delivered`,
  )
  if (!next.length) return null
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">{hint(order)}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {next.includes('accepted') ? (
          <Button disabled={accept.isPending} onClick={() => accept.mutate(undefined)}>
            {accept.isPending ? 'Accepting…' : 'Accept order'}
          </Button>
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
          <Button disabled={deliver.isPending} onClick={() => deliver.mutate(undefined)}>
            {deliver.isPending ? 'Saving…' : 'Mark delivered'}
          </Button>
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
