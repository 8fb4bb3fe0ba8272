import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { asciiDigits } from '~/lib/digits'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { decideCreditFn } from '../credit.functions'
import { creditQueries } from '../credit.queries'
import { decideCreditInput, type CreditApplicationView } from '../credit.schemas'

/** The seller's answer to one application: approve (limit, term, cheques) or decline (reason). */
export function CreditDecideDialog({
  decision,
  application,
}: {
  decision: 'approve' | 'decline'
  application: CreditApplicationView
}) {
  const [open, setOpen] = useState(false)
  const queryClient = useQueryClient()
  const title = decision === 'approve' ? m.credit_approve() : m.credit_decline()
  const done = async () => {
    setOpen(false)
    await queryClient.invalidateQueries({ queryKey: creditQueries.all })
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={decision === 'approve' ? 'primary' : 'secondary'}>
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent title={`${title}: ${application.businessName}`} description={application.buyerName}>
        {open ? (
          decision === 'approve' ? (
            <ApproveForm applicationId={application.id} onDone={done} />
          ) : (
            <DeclineForm applicationId={application.id} onDone={done} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function Actions({ submitting, label }: { submitting: boolean; label: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary">{m.credit_cancel()}</Button>
      </DialogClose>
      <Button type="submit" disabled={submitting}>
        {label}
      </Button>
    </div>
  )
}

function ApproveForm({ applicationId, onDone }: { applicationId: number; onDone: () => Promise<void> }) {
  const { form, formProps, formError, submitting } = useAppForm({
    schema: decideCreditInput,
    defaultValues: { limitRials: null as number | null, termDays: '30', chequesAllowed: false },
    toInput: (values) => ({
      input: {
        creditApplicationId: applicationId,
        decision: 'approve',
        limitRials: values.limitRials ?? 0,
        termDays: Number(asciiDigits(values.termDays.trim()) || Number.NaN),
        chequesAllowed: values.chequesAllowed,
      },
    }),
    onSubmit: async (input) => {
      await decideCreditFn({ data: input })
      await onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="limitRials">
        {(field) => <field.MoneyField label={m.credit_field_limit()} required autoFocus />}
      </form.AppField>
      <form.AppField name="termDays">
        {(field) => (
          <field.TextField
            label={m.credit_field_term_days()}
            inputMode="numeric"
            dir="ltr"
            maxLength={3}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="chequesAllowed">
        {(field) => <field.CheckboxField label={m.credit_field_cheques()} />}
      </form.AppField>
      <Actions submitting={submitting} label={m.credit_approve()} />
    </form>
  )
}

function DeclineForm({ applicationId, onDone }: { applicationId: number; onDone: () => Promise<void> }) {
  const { form, formProps, formError, submitting } = useAppForm({
    schema: decideCreditInput,
    defaultValues: { reason: '' },
    extra: { creditApplicationId: applicationId, decision: 'decline' },
    onSubmit: async (input) => {
      await decideCreditFn({ data: input })
      await onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="reason">
        {(field) => (
          <field.TextAreaField label={m.credit_field_reason()} maxLength={500} required autoFocus />
        )}
      </form.AppField>
      <Actions submitting={submitting} label={m.credit_decline()} />
    </form>
  )
}
