import { Link } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { Fragment, useState, type ReactNode } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { cancelObserverInvitationFn, inviteObserverFn, removeObserverFn } from '../observers.functions'
import { observerQueries } from '../observers.queries'
import {
  inviteObserverInput,
  observerName,
  type Observer,
  type ObserversOverview,
  type PendingInvitation,
} from '../observers.schemas'
import { formatTehranDay } from '~/lib/tehran-time'

/**
 * /seller/profile/observers: the owner's observers, pending invitations and the invitation form
 * (DOMAIN.md "Observer"). The server decides every rule; this page shows its answers.
 */
export function ObserversPanel({ overview }: { overview: ObserversOverview }) {
  const used = overview.observers.length + overview.invitations.length
  const full = used >= overview.limit
  return (
    <div className="flex flex-col gap-8">
      <InviteForm full={full} used={used} limit={overview.limit} planReason={overview.planReason} />
      <section aria-labelledby="observers-title" className="flex flex-col gap-3">
        <h2 id="observers-title" className="text-lg font-semibold text-ink">
          Your observers
        </h2>
        {overview.observers.length ? (
          <ul aria-label="Observers" className="flex flex-col gap-3">
            {overview.observers.map((observer) => (
              <ObserverRow key={observer.user_id} observer={observer} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-sm text-stone-600">
            Nobody observes your seller account yet.
          </p>
        )}
      </section>
      {overview.invitations.length ? (
        <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
          <h2 id="invitations-title" className="text-lg font-semibold text-ink">
            Pending invitations
          </h2>
          <p className="text-sm text-stone-600">
            These numbers have no account yet. Each becomes your observer when it signs up.
          </p>
          <ul aria-label="Pending invitations" className="flex flex-col gap-3">
            {overview.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

function InviteForm({
  full,
  used,
  limit,
  planReason,
}: {
  full: boolean
  used: number
  limit: number
  planReason: string | null
}) {
  const queryClient = useQueryClient()
  const { form, formProps, formError, reset } = useAppForm({
    schema: inviteObserverInput,
    defaultValues: { cellphone: '' },
    onSubmit: async (input) => {
      const result = await inviteObserverFn({ data: input })
      await queryClient.invalidateQueries({ queryKey: observerQueries.all })
      reset()
      notify(
        'success',
        result.kind === 'added'
          ? `${observerName(result.observer)} is now an observer. We sent them a text message.`
          : `Invitation sent to ${result.invitation.cellphone}. They become an observer when they sign up.`,
      )
    },
  })
  return (
    <section
      aria-labelledby="invite-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="invite-title" className="text-lg font-semibold text-ink">
          Invite by cellphone
        </h2>
        <p className="text-sm text-stone-600">
          {used} of {limit} places used
        </p>
      </div>
      {full && planReason ? (
        <p role="status" className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
          {planReason}{' '}
          <Link to="/subscription" className="font-medium text-brand-800 underline underline-offset-4">
            See plans
          </Link>
        </p>
      ) : full ? (
        <p role="status" className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
          You have {limit} observers and invitations, the most a seller can have. Remove one to invite someone
          else.
        </p>
      ) : (
        <form {...formProps} className="flex flex-col gap-4">
          <FormError message={formError} />
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <form.AppField name="cellphone">
              {(field) => (
                <field.TextField
                  label="Mobile number"
                  hint="An Iranian mobile number, such as 0912 345 6789. We text them an invitation."
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  dir="ltr"
                  required
                  className="sm:max-w-sm sm:flex-1"
                />
              )}
            </form.AppField>
            <form.AppForm>
              <form.SubmitButton className="sm:mt-6.5" busyLabel={'Sending…'}>
                {'Send invitation'}
              </form.SubmitButton>
            </form.AppForm>
          </div>
        </form>
      )}
    </section>
  )
}

function Row({ title, details, action }: { title: ReactNode; details: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-semibold break-words text-ink">{title}</p>
        <p className="text-sm text-stone-600">{details}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </div>
  )
}

function ObserverRow({ observer }: { observer: Observer }) {
  const name = observerName(observer)
  const named = name !== observer.cellphone
  return (
    <li aria-label={name}>
      <Row
        title={name}
        details={[
          named ? <span dir="ltr">{observer.cellphone}</span> : null,
          // Observers from before invitations were recorded have no date to show.
          observer.since ? `Observer since ${formatTehranDay(observer.since)}` : null,
        ]
          .filter(Boolean)
          .map((part, index) => (
            <Fragment key={index}>
              {index ? ' · ' : null}
              {part}
            </Fragment>
          ))}
        action={
          <ConfirmAction
            trigger={`Remove ${name}`}
            triggerText="Remove"
            title={`Remove ${name}?`}
            description="They lose access to your seller panel at once. You can invite them again later."
            confirmText="Remove observer"
            busyText="Removing…"
            run={() => removeObserverFn({ data: { user_id: observer.user_id } })}
            done={`${name} is no longer an observer`}
          />
        }
      />
    </li>
  )
}

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  return (
    <li aria-label={invitation.cellphone}>
      <Row
        title={<span dir="ltr">{invitation.cellphone}</span>}
        details={`Invited ${formatTehranDay(invitation.created_at)} · waiting for them to sign up`}
        action={
          <ConfirmAction
            trigger={`Cancel invitation to ${invitation.cellphone}`}
            triggerText="Cancel invitation"
            title="Cancel this invitation?"
            description={`If ${invitation.cellphone} signs up later, they will not become your observer.`}
            confirmText="Cancel invitation"
            cancelText="Keep it"
            busyText="Cancelling…"
            run={() => cancelObserverInvitationFn({ data: { invitation_id: invitation.id } })}
            done={`Invitation to ${invitation.cellphone} cancelled`}
          />
        }
      />
    </li>
  )
}

/** A destructive action behind a dialog that says what will happen; errors stay in the dialog. */
function ConfirmAction(props: {
  trigger: string
  triggerText: string
  title: string
  description: string
  confirmText: string
  cancelText?: string
  busyText: string
  run: () => Promise<unknown>
  done: string
}) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      await props.run()
      await queryClient.invalidateQueries({ queryKey: observerQueries.all })
      notify('success', props.done)
      setOpen(false)
    } catch (thrown) {
      setError(toApiError(thrown).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setError(null)
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" className="text-red-800" aria-label={props.trigger}>
          {props.triggerText}
        </Button>
      </DialogTrigger>
      <DialogContent title={props.title} description={props.description}>
        <div className="flex flex-col gap-4">
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{props.cancelText ?? 'Cancel'}</Button>
            </DialogClose>
            <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
              {busy ? props.busyText : props.confirmText}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
