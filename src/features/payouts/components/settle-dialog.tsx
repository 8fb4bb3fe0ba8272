import { useState } from 'react'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { markPayoutFailedFn, markPayoutPaidFn } from '../payouts.functions'
import {
  BANK_TRACKING_MAX,
  FAILURE_REASON_MAX,
  markPayoutFailedInput,
  markPayoutPaidInput,
  type PayoutLineView,
} from '../payouts.schemas'

/** Marks one line paid (with the bank's tracking number) or failed (with the bank's reason). */
export function SettleDialog({
  outcome,
  line,
  onDone,
}: {
  outcome: 'paid' | 'failed'
  line: PayoutLineView
  onDone: () => Promise<void>
}) {
  const [open, setOpen] = useState(false)
  const title = outcome === 'paid' ? m.payouts_mark_paid() : m.payouts_mark_failed()
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={outcome === 'paid' ? 'primary' : 'secondary'}>
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${title}: ${line.reference}`}
        description={`${line.seller_name} · ${formatMoney(line.amount)}`}
      >
        {open ? (
          outcome === 'paid' ? (
            <PaidForm
              line={line}
              onDone={async () => {
                setOpen(false)
                await onDone()
              }}
            />
          ) : (
            <FailedForm
              line={line}
              onDone={async () => {
                setOpen(false)
                await onDone()
              }}
            />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function Actions({ submitting }: { submitting: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary">{m.payouts_cancel()}</Button>
      </DialogClose>
      <Button type="submit" disabled={submitting}>
        {m.payouts_confirm()}
      </Button>
    </div>
  )
}

function PaidForm({ line, onDone }: { line: PayoutLineView; onDone: () => Promise<void> }) {
  const { form, formProps, formError, submitting } = useAppForm({
    schema: markPayoutPaidInput,
    defaultValues: { bank_tracking: '' },
    extra: { payoutLineId: line.id },
    onSubmit: async (input) => {
      await markPayoutPaidFn({ data: input })
      await onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="bank_tracking">
        {(field) => (
          <field.TextField
            label={m.payouts_tracking_label()}
            maxLength={BANK_TRACKING_MAX}
            dir="ltr"
            required
            autoFocus
          />
        )}
      </form.AppField>
      <Actions submitting={submitting} />
    </form>
  )
}

function FailedForm({ line, onDone }: { line: PayoutLineView; onDone: () => Promise<void> }) {
  const { form, formProps, formError, submitting } = useAppForm({
    schema: markPayoutFailedInput,
    defaultValues: { reason: '' },
    extra: { payoutLineId: line.id },
    onSubmit: async (input) => {
      await markPayoutFailedFn({ data: input })
      await onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="reason">
        {(field) => (
          <field.TextAreaField
            label={m.payouts_reason_label()}
            rows={3}
            maxLength={FAILURE_REASON_MAX}
            required
            autoFocus
          />
        )}
      </form.AppField>
      <Actions submitting={submitting} />
    </form>
  )
}
