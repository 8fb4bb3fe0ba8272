import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { useState } from 'react'
import type * as v from 'valibot'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { orderQueries } from '../orders.queries'
import { rejectInput, shipInput, type OrderDetail } from '../orders.schemas'
import { conflictAware, useOrderAction } from './use-order-action'

/**
 * The order moves as buttons: one click for a plain move, a dialog for those that need words typed
 * first (a reason, a carrier and tracking number).
 * The seller's and the admin's actions share them; each passes the server call to make.
 */

/** A move that needs no input (accept, mark delivered, complete, confirm delivery): one button. */
export function OrderMoveButton({
  run,
  success,
  label,
  pendingLabel,
}: {
  run: () => Promise<unknown>
  success: string
  label: string
  pendingLabel: string
}) {
  const move = useOrderAction(run, success)
  return (
    <Button disabled={move.isPending} onClick={() => move.mutate(undefined)}>
      {move.isPending ? pendingLabel : label}
    </Button>
  )
}

export function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orderQueries.all })
}

type ReasonSchema = v.GenericSchema<{ reason: string }, { reason: string }>

/** A move that must say why (reject, an admin's cancel): the reason goes on the timeline. */
export function ReasonDialog({
  schema,
  run,
  trigger,
  title,
  description,
  submit,
  submitting,
  keep,
  success,
}: {
  schema: ReasonSchema
  run: (reason: string) => Promise<unknown>
  trigger: string
  title: string
  description: string
  submit: string
  submitting: string
  keep?: string
  success: string
}) {
  const [open, setOpen] = useState(false)
  const refresh = useRefresh()
  const { form, formProps, formError, reset } = useAppForm({
    schema,
    defaultValues: { reason: '' },
    onSubmit: async ({ reason }) => {
      const done = await conflictAware(() => run(reason), refresh)
      if (done) notify('success', success)
      setOpen(false)
      if (done) {
        reset()
        await refresh()
      }
    },
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-red-800">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <form {...formProps} className="flex flex-col gap-4">
          <FormError message={formError} />
          <form.AppField name="reason">
            {(field) => <field.TextAreaField label={m.seller_order_reason()} rows={3} required maxLength={500} />}
          </form.AppField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{keep ?? m.seller_order_keep()}</Button>
            </DialogClose>
            <form.AppForm>
              <form.SubmitButton variant="danger" busyLabel={submitting}>
                {submit}
              </form.SubmitButton>
            </form.AppForm>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export function RejectDialog({
  order,
  run,
  description,
}: {
  order: OrderDetail
  run: (reason: string) => Promise<unknown>
  description?: string
}) {
  return (
    <ReasonDialog
      schema={rejectInput}
      run={run}
      trigger={m.seller_order_reject()}
      title={m.seller_order_reject_title({ number: order.number })}
      description={description ?? m.seller_order_reject_description()}
      submit={m.seller_order_reject_submit()}
      submitting={m.seller_order_rejecting()}
      success={m.seller_order_rejected_toast({ number: order.number })}
    />
  )
}

export function ShipDialog({
  order,
  run,
}: {
  order: OrderDetail
  run: (input: { carrier: string; tracking_number: string }) => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  const refresh = useRefresh()
  const { form, formProps, formError, reset } = useAppForm({
    schema: shipInput,
    defaultValues: { carrier: '', tracking_number: '' },
    onSubmit: async (input) => {
      const done = await conflictAware(() => run(input), refresh)
      if (done) notify('success', m.seller_order_shipped_toast({ number: order.number }))
      setOpen(false)
      if (done) {
        reset()
        await refresh()
      }
    },
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>{m.seller_order_mark_shipped()}</Button>
      </DialogTrigger>
      <DialogContent
        title={m.seller_order_ship_title({ number: order.number })}
        description={m.seller_order_ship_description()}
      >
        <form {...formProps} className="flex flex-col gap-4">
          <FormError message={formError} />
          <form.AppField name="carrier">
            {(field) => <field.TextField label={m.seller_order_carrier()} required maxLength={60} autoComplete="off" />}
          </form.AppField>
          <form.AppField name="tracking_number">
            {(field) => (
              <field.TextField label={m.seller_order_tracking_number()} required maxLength={60} autoComplete="off" dir="ltr" />
            )}
          </form.AppField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{m.seller_order_not_yet()}</Button>
            </DialogClose>
            <form.AppForm>
              <form.SubmitButton busyLabel={m.seller_order_saving()}>{m.seller_order_mark_shipped()}</form.SubmitButton>
            </form.AppForm>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
