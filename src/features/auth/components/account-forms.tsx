import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { track } from '~/features/analytics'
import { updateCurrentUser } from '../session.queries'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { AUTH_EVENTS } from '../auth-events'
import { changePasswordFn, updateProfileFn } from '../auth.functions'
import { PASSWORD_RULE, changePasswordInput, updateProfileInput, type User } from '../auth.schemas'
import { m } from '~/lib/messages'

/** A titled card holding one form of an account page; `id` is its anchor (#password). */
export function FormSection({
  id,
  title,
  intro,
  children,
}: {
  id: string
  title: string
  intro?: string
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex scroll-mt-40 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {intro ? <p className="text-sm text-stone-600">{intro}</p> : null}
      </div>
      {children}
    </section>
  )
}

/** Names and the optional email: the user's display name follows (spec §3). */
export function PersonalDetailsForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: updateProfileInput,
    defaultValues: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      email: user.email ?? '',
    },
    onSubmit: async (input) => {
      updateCurrentUser(queryClient, await updateProfileFn({ data: input }))
      track(AUTH_EVENTS.profileUpdated, { field: 'details' })
      notify('success', m.account_details_saved())
    },
  })
  return (
    <FormSection id="details" title={m.account_details_title()}>
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="first_name">
            {(field) => <field.TextField label={m.account_first_name()} autoComplete="given-name" required />}
          </form.AppField>
          <form.AppField name="last_name">
            {(field) => <field.TextField label={m.account_last_name()} autoComplete="family-name" required />}
          </form.AppField>
        </div>
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label={m.account_email()}
              hint={m.account_email_hint_register()}
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton busyLabel={m.account_saving()} className="sm:self-start">
            {m.account_save_details()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </FormSection>
  )
}

/**
 * Sets a first password, or changes it (then the current one is asked for). The server signs out
 * every other device; this one stays signed in.
 */
export function PasswordForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const [visible, setVisible] = useState(false)
  const changing = user.has_password
  const { form, formProps, formError, reset } = useAppForm({
    schema: changePasswordInput,
    defaultValues: { current_password: '', new_password: '' },
    onSubmit: async (input) => {
      track(AUTH_EVENTS.passwordUpdateStarted)
      updateCurrentUser(queryClient, await changePasswordFn({ data: input }))
      track(AUTH_EVENTS.passwordUpdateCompleted)
      reset()
      notify('success', changing ? m.account_password_changed() : m.account_password_set())
    },
    onError: (error) => track(AUTH_EVENTS.passwordUpdateFailed, { status: error.status }),
  })
  return (
    <FormSection
      id="password"
      title={changing ? m.account_change_password() : m.account_set_a_password()}
      intro={changing ? m.account_password_change_intro() : m.account_password_set_intro()}
    >
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.cellphone} readOnly hidden />
        {changing ? (
          <form.AppField name="current_password">
            {(field) => (
              <field.TextField
                label={m.account_current_password()}
                type={visible ? 'text' : 'password'}
                autoComplete="current-password"
                required
              />
            )}
          </form.AppField>
        ) : null}
        <form.AppField name="new_password">
          {(field) => (
            <field.TextField
              label={m.account_new_password()}
              hint={PASSWORD_RULE()}
              type={visible ? 'text' : 'password'}
              autoComplete="new-password"
              required
            />
          )}
        </form.AppField>
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            checked={visible}
            onChange={(event) => setVisible(event.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          {m.account_show_passwords()}
        </label>
        <form.AppForm>
          <form.SubmitButton busyLabel={m.account_saving()} className="sm:self-start">
            {changing ? m.account_change_password() : m.account_set_password()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </FormSection>
  )
}
