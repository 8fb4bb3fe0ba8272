import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { useState } from 'react'
import { startPayment } from '~/features/payments'
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
          {m.seller_buyer_order_pay_by_before()}
          <time dateTime={order.payment_due_at}>{formatTehranDateTime(order.payment_due_at)}</time>
          {m.seller_buyer_order_pay_by_after()}
        </p>
      ) : null}
      {order.status === 'shipped' ? (
        <p className="text-sm text-stone-700">{m.seller_buyer_order_confirm_hint()}</p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {order.can_pay ? (
          <PayAgainButton orderNumber={order.number} total={formatMoney(order.total, order.currency)} />
        ) : null}
        {canConfirm ? (
          <OrderMoveButton
            run={() => buyerOrderActionFn({ data: { order_id: order.id, action: 'confirm_delivery' } })}
            success={m.seller_buyer_order_confirmed_toast()}
            label={m.seller_buyer_order_confirm()}
            pendingLabel={m.seller_buyer_order_confirming()}
          />
        ) : null}
        {canCancel ? <CancelOrderDialog order={order} /> : null}
        <Button asChild variant="secondary">
          <Link to="/buyer/tickets/create" search={{ order: order.number }}>
            {m.seller_buyer_order_ticket()}
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
      {busy ? m.seller_buyer_order_opening_bank() : m.seller_buyer_order_pay({ amount: total })}
    </Button>
  )
}

function CancelOrderDialog({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false)
  const cancel = useOrderAction(
    () => buyerOrderActionFn({ data: { order_id: order.id, action: 'cancel' } }),
    m.seller_order_cancelled_toast({ number: order.number }),
  )
  const paid = order.status !== 'pending_payment'
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-red-800">
          {m.seller_order_cancel()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.seller_order_cancel_title({ number: order.number })}
        description={
          paid
            ? m.seller_buyer_order_cancel_paid({ amount: formatMoney(order.total, order.currency) })
            : m.seller_buyer_order_cancel_unpaid()
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{m.seller_order_keep()}</Button>
          </DialogClose>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            {cancel.isPending ? m.seller_order_cancelling() : m.seller_order_cancel()}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
