import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { decideSellerApplicationFn } from '../sellers.functions'
import { sellerQueries } from '../sellers.queries'
import { sellerDecisionInput, type SellerApplication } from '../sellers.schemas'

type Decision = 'approve' | 'reject'

/**
 * Approve or reject one application, after a confirmation that says what follows (the applicant
 * is told by text message). A rejection needs a reason: the applicant sees it.
 */
export function DecisionDialog({
  application,
  decision,
}: {
  application: SellerApplication
  decision: Decision
}) {
  const [open, setOpen] = useState(false)
  const name = application.display_name
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant={decision === 'approve' ? 'primary' : 'secondary'}
          aria-label={
            decision === 'approve'
              ? m.admin_decision_approve_aria({ name })
              : m.admin_decision_reject_aria({ name })
          }
        >
          {decision === 'approve' ? m.admin_decision_approve() : m.admin_decision_reject()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={
          decision === 'approve'
            ? m.admin_decision_approve_title({ name })
            : m.admin_decision_reject_title({ name })
        }
        description={
          decision === 'approve'
            ? m.admin_decision_approve_description()
            : m.admin_decision_reject_description()
        }
      >
        {open ? (
          <DecisionForm application={application} decision={decision} onDone={() => setOpen(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function DecisionForm({
  application,
  decision,
  onDone,
}: {
  application: SellerApplication
  decision: Decision
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const { form, formProps, formError, submitting } = useAppForm({
    schema: sellerDecisionInput,
    defaultValues: { reason: '' },
    extra: { seller_id: application.id, decision },
    onSubmit: async (input) => {
      await decideSellerApplicationFn({ data: input })
      await queryClient.invalidateQueries({ queryKey: [...sellerQueries.all, 'applications'] })
      notify(
        'success',
        decision === 'approve'
          ? m.admin_decision_approved_toast({ name: application.display_name })
          : m.admin_decision_rejected_toast({ name: application.display_name }),
      )
      onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      {decision === 'reject' ? (
        <form.AppField name="reason">
          {(field) => (
            <field.TextAreaField
              label={m.admin_reason()}
              hint={m.admin_decision_reason_hint()}
              rows={3}
              required
              autoFocus
            />
          )}
        </form.AppField>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{m.admin_cancel()}</Button>
        </DialogClose>
        <Button type="submit" variant={decision === 'approve' ? 'primary' : 'danger'} disabled={submitting}>
          {submitting
            ? m.admin_saving()
            : decision === 'approve'
              ? m.admin_decision_approve_submit()
              : m.admin_decision_reject_submit()}
        </Button>
      </div>
    </form>
  )
}
