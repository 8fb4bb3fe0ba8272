import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { track } from '~/features/analytics/analytics-client'
import { updateCurrentUser } from '~/features/session/session.queries'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
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
  const { form, formProps, formError } = useAppForm({
    schema: requestMobileChangeInput,
    defaultValues: { phone: '', channel: 'sms' },
    onSubmit: async (input) => {
      const sent = await requestMobileChangeCodeFn({ data: input })
      rememberCodeSent('change_mobile', sent)
      onSent({ phone: sent.phone, channel: sent.channel })
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="phone">
        {(field) => (
          <field.TextField
            label="New mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="0912 345 6789"
            required
          />
        )}
      </form.AppField>
      <form.Field name="channel">
        {(field) => (
          <ChannelField
            name="channel"
            value={field.state.value}
            onChange={(value) => field.handleChange(value)}
          />
        )}
      </form.Field>
      <form.AppForm>
        <form.SubmitButton busyLabel="Sending the code…" className="sm:self-start">
          Send code
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function ConfirmStep({ target, onBack, onDone }: { target: Target; onBack: () => void; onDone: () => void }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError, submit } = useAppForm({
    schema: confirmMobileChangeInput,
    defaultValues: { code: '' },
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
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        <form.AppField name="code">{() => <CodeField onComplete={submit} />}</form.AppField>
        <div className="flex flex-col gap-2 sm:flex-row">
          <form.AppForm>
            <form.SubmitButton busyLabel="Checking…">Confirm new number</form.SubmitButton>
          </form.AppForm>
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
