import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { constants } from '#app-config'
import { track } from '~/features/analytics'
import { useCaptcha } from '~/features/captcha'
import { ApiError } from '~/lib/api-error'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { AUTH_EVENTS } from '../auth-events'
import { requestLoginCodeFn } from '../auth.functions'
import { normalizeIranMobile, requestCodeInput } from '../auth.schemas'
import { rememberCodeSent } from '../code-sent-store'
import { ChannelField } from './channel-field'
import { SignInLocked, useSignInLock } from './sign-in-lock'
import { m } from '~/lib/messages'

export const CAPTCHA_UNAVAILABLE = () => m.account_captcha_unavailable()

/** Runs the captcha for `login` (spec §7); its failure is the form's message, not a crash. */
export function useLoginCaptcha() {
  const captcha = useCaptcha()
  return {
    enabled: captcha.enabled,
    token: async () => {
      try {
        return (await captcha.execute('login')) ?? undefined
      } catch {
        throw new ApiError(0, CAPTCHA_UNAVAILABLE())
      }
    },
  }
}

/** /auth, first way in: a mobile number and a channel; a 6-digit code goes out (spec §4, §9). */
export function CodeRequestForm({ initialPhone, redirect }: { initialPhone: string; redirect?: string }) {
  const navigate = useNavigate()
  const captcha = useLoginCaptcha()
  // Asked again too soon: the code already sent still works, so offer to go and enter it.
  const [waitingFor, setWaitingFor] = useState<string | null>(null)
  const lock = useSignInLock('code')
  const { form, formProps, formError } = useAppForm({
    schema: requestCodeInput,
    defaultValues: { phone: initialPhone, channel: 'sms' },
    onSubmit: async (input) => {
      setWaitingFor(null)
      track(AUTH_EVENTS.loginStarted, { method: 'otp', channel: input.channel })
      const sent = await requestLoginCodeFn({ data: { ...input, captcha_token: await captcha.token() } })
      rememberCodeSent('login', sent)
      track(AUTH_EVENTS.otpRequested, { channel: sent.channel })
      await navigate({ to: '/auth/verify', search: { phone: sent.phone, channel: sent.channel, redirect } })
    },
    onError: (error) => {
      if (lock.catchLock(error)) return
      const phone = normalizeIranMobile(form.state.values.phone)
      if (error.status === 429 && phone.ok) setWaitingFor(phone.phone)
    },
  })
  if (lock.retryAt)
    return <SignInLocked retryAt={lock.retryAt} onRetry={() => void lock.retry(form.state.values.phone)} />
  return (
    <form {...formProps} className="flex flex-col gap-5">
      <FormError message={formError} />
      {waitingFor ? (
        <Link
          to="/auth/verify"
          search={{ phone: waitingFor, redirect }}
          className="-mt-2 text-sm font-medium text-brand-800 underline underline-offset-4"
        >
          {m.account_enter_code_already_sent()}
        </Link>
      ) : null}
      <form.AppField name="phone">
        {(field) => (
          <field.TextField
            label={m.account_mobile_label()}
            hint={m.account_mobile_hint({ countryCode: constants.auth.countryCode })}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            required
            placeholder="0912 345 6789"
          />
        )}
      </form.AppField>
      <form.Field name="channel">
        {(field) => (
          <ChannelField
            name="channel"
            value={field.state.value}
            onChange={(channel) => field.handleChange(channel)}
          />
        )}
      </form.Field>
      <form.AppForm>
        <form.SubmitButton size="lg" busyLabel={m.account_sending_code()}>
          {m.account_send_code()}
        </form.SubmitButton>
      </form.AppForm>
      {captcha.enabled ? (
        <p className="text-xs text-stone-600">
          {m.account_recaptcha_before()}
          <a
            className="underline"
            href="https://policies.google.com/privacy"
            rel="noreferrer"
            target="_blank"
          >
            {m.account_recaptcha_privacy()}
          </a>
          {m.account_recaptcha_and()}
          <a className="underline" href="https://policies.google.com/terms" rel="noreferrer" target="_blank">
            {m.account_recaptcha_terms()}
          </a>
          {m.account_recaptcha_after()}
        </p>
      ) : null}
    </form>
  )
}
