import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, TextAreaField, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { sellerOrderActionFn } from '../orders.functions'
import { orderQueries } from '../orders.queries'
import { rejectInput, shipInput, type OrderDetail } from '../orders.schemas'
import { conflictAware, useOrderAction } from './use-order-action'

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
        {next.includes('rejected') ? <RejectDialog order={order} /> : null}
        {next.includes('shipped') ? <ShipDialog order={order} /> : null}
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

function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orderQueries.all })
}

function RejectDialog({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false)
  const refresh = useRefresh()
  const form = useSchemaForm({
    schema: rejectInput,
    initialValues: { reason: '' },
    onSubmit: async ({ reason }) => {
      const done = await conflictAware(
        () => sellerOrderActionFn({ data: { order_id: order.id, action: 'reject', reason } }),
        refresh,
      )
      if (done) notify('success', `Order ${order.number} rejected: the buyer is refunded`)
      setOpen(false)
      if (done) {
        form.reset()
        await refresh()
      }
    },
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-red-800">
          Reject
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Reject order ${order.number}?`}
        description="The buyer reads your reason, the payment is refunded and the goods go back on sale."
      >
        <form {...form.formProps} className="flex flex-col gap-4">
          <FormError message={form.formError} />
          <TextAreaField field={form.field('reason')} label="Reason" rows={3} required maxLength={500} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Keep the order</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={form.submitting}>
              {form.submitting ? 'Rejecting…' : 'Reject order'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function ShipDialog({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false)
  const refresh = useRefresh()
  const form = useSchemaForm({
    schema: shipInput,
    initialValues: { carrier: '', tracking_number: '' },
    onSubmit: async (input) => {
      const done = await conflictAware(
        () => sellerOrderActionFn({ data: { order_id: order.id, action: 'ship', ...input } }),
        refresh,
      )
      if (done) notify('success', `Order ${order.number} shipped: the buyer has the tracking number`)
      setOpen(false)
      if (done) {
        form.reset()
        await refresh()
      }
    },
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Mark shipped</Button>
      </DialogTrigger>
      <DialogContent
        title={`Ship order ${order.number}`}
        description="The buyer gets the carrier and tracking number by text message."
      >
        <form {...form.formProps} className="flex flex-col gap-4">
          <FormError message={form.formError} />
          <TextField
            field={form.field('carrier')}
            label="Carrier"
            required
            maxLength={60}
            autoComplete="off"
          />
          <TextField
            field={form.field('tracking_number')}
            label="Tracking number"
            required
            maxLength={60}
            autoComplete="off"
            dir="ltr"
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Not yet</Button>
            </DialogClose>
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? 'Saving…' : 'Mark shipped'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
