import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { track } from '~/features/analytics'
import { updateCurrentUser } from '../session.queries'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { AUTH_EVENTS } from '../auth-events'
import { confirmMobileChangeFn, requestMobileChangeCodeFn } from '../auth.functions'
import { confirmMobileChangeInput, requestMobileChangeInput, type User } from '../auth.schemas'
import { rememberCodeSent } from '../code-sent-store'
import { formatPhone, phoneInText } from '../auth-format'
import { FormSection } from './account-forms'
import { ChannelField } from './channel-field'
import { CodeField, ResendCode } from './code-field'
import { m } from '~/lib/messages'

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
      title={m.account_mobile_change_title()}
      intro={m.account_mobile_change_intro({ phone: phoneInText(user.cellphone) })}
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
            label={m.account_mobile_new()}
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
        <form.SubmitButton busyLabel={m.account_sending_code()} className="sm:self-start">
          {m.account_send_code()}
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
      notify('success', m.account_mobile_now({ phone: phoneInText(user.cellphone) }))
      onDone()
    },
  })
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        {m.account_mobile_code_sent_before({
          channel: target.channel === 'whatsapp' ? m.account_channel_whatsapp() : m.account_channel_sms(),
        })}
        <span dir="ltr" className="font-medium whitespace-nowrap text-ink">
          {formatPhone(target.phone)}
        </span>
        {m.account_verify_sent_after()}
      </p>
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        <form.AppField name="code">{() => <CodeField onComplete={submit} />}</form.AppField>
        <div className="flex flex-col gap-2 sm:flex-row">
          <form.AppForm>
            <form.SubmitButton busyLabel={m.account_verify_checking()}>
              {m.account_mobile_confirm()}
            </form.SubmitButton>
          </form.AppForm>
          <Button variant="secondary" onClick={onBack}>
            {m.account_mobile_use_another()}
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
