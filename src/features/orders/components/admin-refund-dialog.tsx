import { useState } from 'react'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { adminOrderRefundFn } from '../orders-admin.functions'
import { adminOrderRefundForm } from '../orders-admin.schemas'
import type { OrderDetail } from '../orders.schemas'
import { useRefresh } from './order-action-dialogs'
import { conflictAware } from './use-order-action'

/**
 * The operator's refund of a delivered or completed order (a complaint upheld): an amount up to
 * what the buyer paid, and a reason. Shown once the order is delivered and its payment was received
 * and not yet refunded; once refunded, a line says how much. The server checks all of it again.
 */
export function AdminRefundDialog({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false)
  const refresh = useRefresh()
  const paid = order.payments.find((p) => p.status === 'succeeded')
  const { form, formProps, formError, reset } = useAppForm({
    schema: adminOrderRefundForm,
    defaultValues: { amount: paid?.amount ?? 0, reason: '' },
    onSubmit: async (values) => {
      const done = await conflictAware(
        () => adminOrderRefundFn({ data: { order_id: order.id, ...values } }),
        refresh,
      )
      setOpen(false)
      if (done) {
        notify(
          'success',
          m.order_refund_done_toast({
            amount: formatMoney(values.amount, order.currency),
            number: order.number,
          }),
        )
        reset()
        await refresh()
      }
    },
  })
  if (!paid || (order.status !== 'delivered' && order.status !== 'completed')) return null
  if (paid.refunded_amount > 0)
    return (
      <p className="rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-700">
        {m.order_refund_refunded_note({ amount: formatMoney(paid.refunded_amount, order.currency) })}
      </p>
    )
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="self-start text-red-800">
          {m.order_refund_trigger()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.order_refund_title({ number: order.number })}
        description={m.order_refund_description({ paid: formatMoney(paid.amount, order.currency) })}
      >
        <form {...formProps} className="flex flex-col gap-4">
          <FormError message={formError} />
          <form.AppField name="amount">
            {(field) => (
              <field.MoneyField label={m.order_refund_amount()} currency={order.currency} required />
            )}
          </form.AppField>
          <form.AppField name="reason">
            {(field) => (
              <field.TextAreaField label={m.order_refund_reason()} rows={3} required maxLength={500} />
            )}
          </form.AppField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{m.order_refund_keep()}</Button>
            </DialogClose>
            <form.AppForm>
              <form.SubmitButton variant="danger" busyLabel={m.order_refund_submitting()}>
                {m.order_refund_submit()}
              </form.SubmitButton>
            </form.AppForm>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
