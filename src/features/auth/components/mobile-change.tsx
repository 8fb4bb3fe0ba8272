import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { track } from '~/features/analytics/analytics-client'
import { updateCurrentUser } from '~/features/session/session.queries'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { AUTH_EVENTS } from '../auth-events'
import { confirmMobileChangeFn, requestMobileChangeCodeFn } from '../auth.functions'
import { confirmMobileChangeInput, requestMobileChangeInput, type User } from '../auth.schemas'
import { rememberCodeSent } from '../code-sent-store'
import { formatPhone } from '../auth-format'
import { FormSection } from './account-forms'
import { ChannelField } from './channel-field'
import { CodeField, ResendCode } from './code-field'

type Target = { phone: string; channel: 'sms' | 'whatsapp' }

/**
 * /buyer/profile/mobile: a code goes to the new number (proving the user holds it), then the code
 * moves the account there. Other devices are signed out by the server.
 */
export function MobileChange({ user }: { user: User }) {
  const [target, setTarget] = useState<Target | null>(null)
  return (
    <FormSection
      id="mobile"
      title="Change mobile number"
      intro={`Your number now: ${formatPhone(user.cellphone)}. You will sign in with the new number.`}
    >
      {target ? (
        <ConfirmStep target={target} onBack={() => setTarget(null)} onDone={() => setTarget(null)} />
      ) : (
        <RequestStep onSent={setTarget} />
      )}
    </FormSection>
  )
}

function RequestStep({ onSent }: { onSent: (target: Target) => void }) {
  const form = useSchemaForm({
    schema: requestMobileChangeInput,
    initialValues: { phone: '', channel: 'sms' },
    onSubmit: async (input) => {
      const sent = await requestMobileChangeCodeFn({ data: input })
      rememberCodeSent('change_mobile', sent)
      onSent({ phone: sent.phone, channel: sent.channel })
    },
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-4">
      <FormError message={form.formError} />
      <TextField
        field={form.field('phone')}
        label="New mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        placeholder="0912 345 6789"
        required
      />
      <ChannelField
        name="channel"
        value={form.values.channel}
        onChange={(value) => form.setValue('channel', value)}
      />
      <Button type="submit" disabled={form.submitting} className="sm:self-start">
        {form.submitting ? 'Sending the code…' : 'Send code'}
      </Button>
    </form>
  )
}

function ConfirmStep({ target, onBack, onDone }: { target: Target; onBack: () => void; onDone: () => void }) {
  const queryClient = useQueryClient()
  const form = useSchemaForm({
    schema: confirmMobileChangeInput,
    initialValues: { code: '' },
    extra: { phone: target.phone },
    onSubmit: async (input) => {
      const user = await confirmMobileChangeFn({ data: input })
      updateCurrentUser(queryClient, user)
      track(AUTH_EVENTS.profileUpdated, { field: 'cellphone' })
      notify('success', `Your mobile number is now ${formatPhone(user.cellphone)}`)
      onDone()
    },
  })
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        We sent a code by {target.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} to{' '}
        <span dir="ltr" className="font-medium whitespace-nowrap text-ink">
          {formatPhone(target.phone)}
        </span>
        .
      </p>
      <form {...form.formProps} className="flex flex-col gap-4">
        <FormError message={form.formError} />
        <CodeField field={form.field('code')} onComplete={(code) => form.submit({ code })} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? 'Checking…' : 'Confirm new number'}
          </Button>
          <Button variant="secondary" onClick={onBack}>
            Use another number
          </Button>
        </div>
      </form>
      <ResendCode
        purpose="change_mobile"
        phone={target.phone}
        send={() => requestMobileChangeCodeFn({ data: target })}
      />
    </div>
  )
}
