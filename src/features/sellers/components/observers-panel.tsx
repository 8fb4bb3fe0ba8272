import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { useQueryClient } from '@tanstack/react-query'
import { Fragment, useState, type ReactNode } from 'react'
import { toApiError } from '~/lib/api-error'
import { formatNumber } from '~/lib/money'
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
          {m.content_observers_yours()}
        </h2>
        {overview.observers.length ? (
          <ul aria-label={m.content_observers_title()} className="flex flex-col gap-3">
            {overview.observers.map((observer) => (
              <ObserverRow key={observer.user_id} observer={observer} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-sm text-stone-600">
            {m.content_observers_empty()}
          </p>
        )}
      </section>
      {overview.invitations.length ? (
        <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
          <h2 id="invitations-title" className="text-lg font-semibold text-ink">
            {m.content_invitations_title()}
          </h2>
          <p className="text-sm text-stone-600">{m.content_invitations_intro()}</p>
          <ul aria-label={m.content_invitations_title()} className="flex flex-col gap-3">
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
          ? m.content_observer_added({ name: observerName(result.observer) })
          : m.content_invitation_sent({ cellphone: result.invitation.cellphone }),
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
          {m.content_invite_title()}
        </h2>
        <p className="text-sm text-stone-600">
          {m.content_invite_places_used({ used: formatNumber(used), limit: formatNumber(limit) })}
        </p>
      </div>
      {full && planReason ? (
        <p role="status" className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
          {planReason}{' '}
          <Link to="/subscription" className="font-medium text-brand-800 underline underline-offset-4">
            {m.content_see_plans()}
          </Link>
        </p>
      ) : full ? (
        <p role="status" className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
          {m.content_invite_full({ limit: formatNumber(limit) })}
        </p>
      ) : (
        <form {...formProps} className="flex flex-col gap-4">
          <FormError message={formError} />
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <form.AppField name="cellphone">
              {(field) => (
                <field.TextField
                  label={m.content_mobile_number()}
                  hint={m.content_mobile_number_hint()}
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
              <form.SubmitButton className="sm:mt-6.5" busyLabel={m.content_sending()}>
                {m.content_invite_send()}
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
          observer.since ? m.content_observer_since({ date: formatTehranDay(observer.since) }) : null,
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
            trigger={m.content_observer_remove_label({ name })}
            triggerText={m.content_remove()}
            title={m.content_observer_remove_title({ name })}
            description={m.content_observer_remove_description()}
            confirmText={m.content_observer_remove()}
            busyText={m.content_removing()}
            run={() => removeObserverFn({ data: { user_id: observer.user_id } })}
            done={m.content_observer_removed({ name })}
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
        details={m.content_invitation_details({ date: formatTehranDay(invitation.created_at) })}
        action={
          <ConfirmAction
            trigger={m.content_invitation_cancel_label({ cellphone: invitation.cellphone })}
            triggerText={m.content_invitation_cancel()}
            title={m.content_invitation_cancel_title()}
            description={m.content_invitation_cancel_description({ cellphone: invitation.cellphone })}
            confirmText={m.content_invitation_cancel()}
            cancelText={m.content_keep_it()}
            busyText={m.content_cancelling()}
            run={() => cancelObserverInvitationFn({ data: { invitation_id: invitation.id } })}
            done={m.content_invitation_cancelled({ cellphone: invitation.cellphone })}
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
              <Button variant="secondary">{props.cancelText ?? m.content_cancel()}</Button>
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
