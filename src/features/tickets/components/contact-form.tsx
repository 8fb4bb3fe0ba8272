import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useCaptcha } from '~/features/captcha/use-captcha'
import { useCurrentUser } from '~/features/session/use-session'
import { Button } from '~/ui/button'
import { FormError, TextAreaField, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { submitContactFn } from '../tickets.functions'
import { contactInput } from '../tickets.schemas'
import { DepartmentField } from './department-field'

/** /contact: anyone can write to support; the message becomes a ticket (action `contact` captcha). */
export function ContactForm() {
  const { user } = useCurrentUser()
  const captcha = useCaptcha()
  const [sent, setSent] = useState<{ reference: number; signedIn: boolean } | null>(null)
  const form = useSchemaForm({
    schema: contactInput,
    initialValues: {
      name: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
      contact: user?.cellphone ?? '',
      department: '',
      subject: '',
      message: '',
    },
    onSubmit: async (input) => {
      const token = (await captcha.execute('contact')) ?? undefined
      const result = await submitContactFn({
        data: { ...input, contact: form.values.contact, captcha_token: token },
      })
      setSent({ reference: result.reference, signedIn: Boolean(user) })
      form.reset()
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
    <form {...form.formProps} className="flex flex-col gap-4">
      <FormError message={form.formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={form.field('name')} label="Your name" autoComplete="name" required />
        <TextField
          field={form.field('contact')}
          label="Mobile number or email"
          hint="We reply to this"
          autoComplete="email"
          dir="ltr"
          required
        />
      </div>
      <DepartmentField field={form.field('department')} label="Which team should answer?" />
      <TextField field={form.field('subject')} label="Subject" required />
      <TextAreaField field={form.field('message')} label="Message" rows={6} required />
      {captcha.enabled ? (
        <p className="text-xs text-stone-500">This form is protected by reCAPTCHA.</p>
      ) : null}
      <Button type="submit" size="lg" disabled={form.submitting} className="sm:self-start">
        {form.submitting ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  )
}
