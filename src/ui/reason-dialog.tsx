import { useState, type ReactNode } from 'react'
import { m } from '~/lib/messages'
import * as v from 'valibot'
import { textSchema } from '~/lib/schema-pieces'
import { Button } from './button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog'
import { FormError, useAppForm } from './form/app-form'

const reasonInput = v.object({ reason: textSchema(500, { min: 3 }) })

/**
 * A button that opens a dialog asking for a reason before an action the other side is told about
 * (hiding a product, rejecting a brand, suspending a seller). The reason is required.
 */
export function ReasonDialog({
  trigger,
  triggerLabel,
  title,
  description,
  hint,
  confirm,
  danger = true,
  onConfirm,
}: {
  trigger: ReactNode
  /** Accessible name of the trigger when its text is ambiguous in a list ("Hide Saffron tin"). */
  triggerLabel?: string
  title: string
  description: string
  hint: string
  confirm: string
  danger?: boolean
  onConfirm: (reason: string) => Promise<void>
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        {open ? (
          <ReasonForm
            hint={hint}
            confirm={confirm}
            danger={danger}
            onConfirm={async (reason) => {
              await onConfirm(reason)
              setOpen(false)
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ReasonForm({
  hint,
  confirm,
  danger,
  onConfirm,
}: {
  hint: string
  confirm: string
  danger: boolean
  onConfirm: (reason: string) => Promise<void>
}) {
  const { form, formProps, formError, submitting } = useAppForm({
    schema: reasonInput,
    defaultValues: { reason: '' },
    onSubmit: async (input) => onConfirm(input.reason),
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="reason">
        {(field) => (
          <field.TextAreaField
            label={m.content_reason()}
            hint={hint}
            rows={3}
            maxLength={500}
            required
            autoFocus
          />
        )}
      </form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{m.content_cancel()}</Button>
        </DialogClose>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={submitting}>
          {submitting ? m.content_saving() : confirm}
        </Button>
      </div>
    </form>
  )
}
