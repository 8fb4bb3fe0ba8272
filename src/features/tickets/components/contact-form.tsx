import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useCaptcha } from '~/features/captcha'
import { useCurrentUser } from '~/features/auth'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { submitContactFn } from '../tickets.functions'
import { contactInput } from '../tickets.schemas'
import { DepartmentField } from './department-field'
import { m } from '~/lib/messages'
import { ticketNumber } from './ticket-badges'

/** /contact: anyone can write to support; the message becomes a ticket (action `contact` captcha). */
export function ContactForm() {
  const { user } = useCurrentUser()
  const captcha = useCaptcha()
  const [sent, setSent] = useState<{ reference: number; signedIn: boolean } | null>(null)
  const { form, formProps, formError, reset } = useAppForm({
    schema: contactInput,
    defaultValues: {
      name: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
      contact: user?.cellphone ?? '',
      department: '',
      subject: '',
      message: '',
    },
    onSubmit: async (input) => {
      const token = (await captcha.execute('contact')) ?? undefined
      const result = await submitContactFn({
        data: { ...input, contact: form.state.values.contact, captcha_token: token },
      })
      setSent({ reference: result.reference, signedIn: Boolean(user) })
      reset()
    },
  })
  if (sent) {
    return (
      <div
        role="status"
        className="flex flex-col gap-3 rounded-2xl border border-green-200 bg-green-50 p-6 text-green-900"
      >
        <h2 className="text-lg font-semibold">{m.account_contact_thanks()}</h2>
        <p>
          {m.account_contact_reference_before()}
          <strong>#{ticketNumber(sent.reference)}</strong>
          {m.account_contact_reference_after()}
        </p>
        {sent.signedIn ? (
          <p>
            {m.account_contact_follow_before()}
            <Link
              to="/buyer/tickets/$id/show"
              params={{ id: String(sent.reference) }}
              className="font-medium underline"
            >
              {m.account_your_tickets()}
            </Link>
            {m.account_contact_follow_after()}
          </p>
        ) : null}
        <Button variant="secondary" className="self-start" onClick={() => setSent(null)}>
          {m.account_contact_send_another()}
        </Button>
      </div>
    )
  }
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="name">
          {(field) => <field.TextField label={m.account_your_name()} autoComplete="name" required />}
        </form.AppField>
        <form.AppField name="contact">
          {(field) => (
            <field.TextField
              label={m.account_contact_handle()}
              hint={m.account_contact_handle_hint()}
              autoComplete="email"
              dir="ltr"
              required
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="department">
        {() => <DepartmentField label={m.account_contact_which_team()} />}
      </form.AppField>
      <form.AppField name="subject">
        {(field) => <field.TextField label={m.account_subject()} required />}
      </form.AppField>
      <form.AppField name="message">
        {(field) => <field.TextAreaField label={m.account_message()} rows={6} required />}
      </form.AppField>
      {captcha.enabled ? <p className="text-xs text-stone-500">{m.account_contact_recaptcha()}</p> : null}
      <form.AppForm>
        <form.SubmitButton size="lg" className="sm:self-start" busyLabel={m.account_sending()}>
          {m.account_send_message()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
