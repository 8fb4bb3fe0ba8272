import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useCaptcha } from '~/features/captcha/use-captcha'
import { useCurrentUser } from '~/features/session/use-session'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { submitContactFn } from '../tickets.functions'
import { contactInput } from '../tickets.schemas'
import { DepartmentField } from './department-field'

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
        <h2 className="text-lg font-semibold">Thank you, your message has been sent</h2>
        <p>
          Your reference is <strong>#{sent.reference}</strong>. Our support team usually replies within one
          working day, by phone or email as you asked.
        </p>
        {sent.signedIn ? (
          <p>
            You can follow it under{' '}
            <Link
              to="/buyer/tickets/$id/show"
              params={{ id: String(sent.reference) }}
              className="font-medium underline"
            >
              Your Tickets
            </Link>
            .
          </p>
        ) : null}
        <Button variant="secondary" className="self-start" onClick={() => setSent(null)}>
          Send another message
        </Button>
      </div>
    )
  }
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="name">
          {(field) => <field.TextField label="Your name" autoComplete="name" required />}
        </form.AppField>
        <form.AppField name="contact">
          {(field) => (
            <field.TextField
              label="Mobile number or email"
              hint="We reply to this"
              autoComplete="email"
              dir="ltr"
              required
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="department">
        {() => <DepartmentField label="Which team should answer?" />}
      </form.AppField>
      <form.AppField name="subject">{(field) => <field.TextField label="Subject" required />}</form.AppField>
      <form.AppField name="message">
        {(field) => <field.TextAreaField label="Message" rows={6} required />}
      </form.AppField>
      {captcha.enabled ? (
        <p className="text-xs text-stone-500">This form is protected by reCAPTCHA.</p>
      ) : null}
      <form.AppForm>
        <form.SubmitButton size="lg" className="sm:self-start" busyLabel={'Sending…'}>
          {'Send message'}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
