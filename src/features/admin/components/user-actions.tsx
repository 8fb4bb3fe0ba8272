import { useState } from 'react'
import { Button } from '~/ui/button'
import { m } from '~/lib/messages'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { useUserAction, type UserAction } from '../admin.queries'
import { blockUserInput, endSessionsInput, type AdminUserDetail } from '../admin.schemas'

/** The words of each action's dialog, in the page's locale (built when it renders). */
function copyOf(action: UserAction): {
  trigger: string
  title: (name: string) => string
  description: string
  submit: string
  hint: string
} {
  switch (action) {
    case 'block':
      return {
        trigger: m.admin_action_block(),
        title: (name) => m.admin_action_block_title({ name }),
        description: m.admin_action_block_description(),
        submit: m.admin_action_block_submit(),
        hint: m.admin_action_block_hint(),
      }
    case 'unblock':
      return {
        trigger: m.admin_action_unblock(),
        title: (name) => m.admin_action_unblock_title({ name }),
        description: m.admin_action_unblock_description(),
        submit: m.admin_action_unblock_submit(),
        hint: m.admin_action_unblock_hint(),
      }
    case 'end-sessions':
      return {
        trigger: m.admin_action_end_sessions(),
        title: (name) => m.admin_action_end_sessions_title({ name }),
        description: m.admin_action_end_sessions_description(),
        submit: m.admin_action_end_sessions(),
        hint: m.admin_action_end_sessions_hint(),
      }
  }
}

/** Block, unblock or sign out: a confirmation that says what follows, with the reason the log keeps. */
export function UserActionDialog({ user, action }: { user: AdminUserDetail; action: UserAction }) {
  const [open, setOpen] = useState(false)
  const copy = copyOf(action)
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
  const copy = copyOf(action)
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
            label={action === 'end-sessions' ? m.admin_reason_optional() : m.admin_reason()}
            hint={copy.hint}
            rows={3}
            required={action !== 'end-sessions'}
            autoFocus
          />
        )}
      </form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{m.admin_cancel()}</Button>
        </DialogClose>
        <Button type="submit" variant={action === 'block' ? 'danger' : 'primary'} disabled={submitting}>
          {submitting ? m.admin_saving() : copy.submit}
        </Button>
      </div>
    </form>
  )
}
