import { useState } from 'react'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { useUserAction, type UserAction } from '../admin.queries'
import { blockUserInput, endSessionsInput, type AdminUserDetail } from '../admin.schemas'

const COPY: Record<
  UserAction,
  { trigger: string; title: (name: string) => string; description: string; submit: string; hint: string }
> = {
  block: {
    trigger: 'Block',
    title: (name) => `Block ${name}?`,
    description:
      'They are signed out everywhere at once and cannot sign in until unblocked. Orders and tickets stay as they are.',
    submit: 'Block account',
    hint: 'Kept in the audit log; not shown to the user.',
  },
  unblock: {
    trigger: 'Unblock',
    title: (name) => `Unblock ${name}?`,
    description: 'They can sign in again. Sessions that ended when they were blocked stay ended.',
    submit: 'Unblock account',
    hint: 'Kept in the audit log.',
  },
  'end-sessions': {
    trigger: 'End all sessions',
    title: (name) => `Sign ${name} out everywhere?`,
    description:
      'Every browser and app they are signed in with stops working at its next request. They can sign in again.',
    submit: 'End all sessions',
    hint: 'Optional; kept in the audit log.',
  },
}

/** Block, unblock or sign out: a confirmation that says what follows, with the reason the log keeps. */
export function UserActionDialog({ user, action }: { user: AdminUserDetail; action: UserAction }) {
  const [open, setOpen] = useState(false)
  const copy = COPY[action]
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={action === 'block' ? 'danger' : 'secondary'}>{copy.trigger}</Button>
      </DialogTrigger>
      <DialogContent title={copy.title(user.name)} description={copy.description}>
        {open ? <ReasonForm user={user} action={action} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ReasonForm({
  user,
  action,
  onDone,
}: {
  user: AdminUserDetail
  action: UserAction
  onDone: () => void
}) {
  const mutation = useUserAction(action)
  const copy = COPY[action]
  const { form, formProps, formError, submitting } = useAppForm({
    schema: action === 'end-sessions' ? endSessionsInput : blockUserInput,
    defaultValues: { reason: '' },
    extra: { account_id: user.id },
    toInput: (values) => ({
      input: {
        account_id: user.id,
        reason: action === 'end-sessions' && !values.reason.trim() ? undefined : values.reason,
      },
    }),
    onSubmit: async (input) => {
      await mutation.mutateAsync({ account_id: input.account_id, reason: input.reason ?? '' })
      onDone()
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="reason">
        {(field) => (
          <field.TextAreaField
            label={action === 'end-sessions' ? 'Reason (optional)' : 'Reason'}
            hint={copy.hint}
            rows={3}
            required={action !== 'end-sessions'}
            autoFocus
          />
        )}
      </form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant={action === 'block' ? 'danger' : 'primary'} disabled={submitting}>
          {submitting ? 'Saving…' : copy.submit}
        </Button>
      </div>
    </form>
  )
}
