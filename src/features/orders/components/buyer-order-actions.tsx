import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { startPayment } from '~/features/payments/payments.functions'
import { toApiError } from '~/lib/api-error'
import { formatMoney } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { buyerOrderActionFn } from '../orders.functions'
import type { OrderDetail } from '../orders.schemas'
import { OrderMoveButton } from './order-action-dialogs'
import { useOrderAction } from './use-order-action'
import { formatTehranDateTime } from '~/lib/tehran-time'

/** What the buyer may do now (order-machine.ts decides; the server checks again). */
export function BuyerOrderActions({ order }: { order: OrderDetail }) {
  const canCancel = order.next_statuses.includes('cancelled')
  const canConfirm = order.next_statuses.includes('delivered') || order.next_statuses.includes('completed')
  return (
    <div className="flex flex-col gap-3">
      {order.can_pay ? (
        <p className="text-sm text-stone-700">
          Pay by <time dateTime={order.payment_due_at}>{formatTehranDateTime(order.payment_due_at)}</time>, or
          the order expires and its goods go back on sale.
        </p>
      ) : null}
      {order.status === 'shipped' ? (
        <p className="text-sm text-stone-700">Once the goods have arrived, confirm the delivery.</p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {order.can_pay ? (
          <PayAgainButton orderNumber={order.number} total={formatMoney(order.total, order.currency)} />
        ) : null}
        {canConfirm ? (
          <OrderMoveButton
            run={() => buyerOrderActionFn({ data: { order_id: order.id, action: 'confirm_delivery' } })}
            success="Thank you: delivery confirmed"
            label="Confirm delivery"
            pendingLabel="Confirming…"
          />
        ) : null}
        {canCancel ? <CancelOrderDialog order={order} /> : null}
        <Button asChild variant="secondary">
          <Link to="/buyer/tickets/create" search={{ order: order.number }}>
            Open a ticket about this order
          </Link>
        </Button>
      </div>
    </div>
  )
}

/** Opens a new payment session and sends the browser to the bank (contract P: startPayment). */
function PayAgainButton({ orderNumber, total }: { orderNumber: string; total: string }) {
  const [busy, setBusy] = useState(false)
  async function pay() {
    setBusy(true)
    try {
      const { url } = await startPayment({ data: { orderNumber } })
      window.location.assign(url)
    } catch (thrown) {
      notify('error', toApiError(thrown).message)
      setBusy(false)
    }
  }
  return (
    <Button disabled={busy} onClick={() => void pay()}>
      {busy ? 'Opening the bank…' : `Pay ${total}`}
    </Button>
  )
}

function CancelOrderDialog({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false)
  const cancel = useOrderAction(
    () => buyerOrderActionFn({ data: { order_id: order.id, action: 'cancel' } }),
    `Order ${order.number} cancelled`,
  )
  const paid = order.status !== 'pending_payment'
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-red-800">
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Cancel order ${order.number}?`}
        description={
          paid
            ? `The seller is told, the goods go back on sale and your payment of ${formatMoney(order.total, order.currency)} is refunded to your card.`
            : 'The goods go back on sale. You cannot undo this.'
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Keep the order</Button>
          </DialogClose>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
