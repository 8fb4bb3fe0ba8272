import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { track } from '~/features/analytics'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { AUTH_EVENTS } from '../auth-events'
import { registerFn, requestLoginCodeFn, verifyLoginCodeFn } from '../auth.functions'
import { registerInput, verifyCodeInput } from '../auth.schemas'
import { formatPhone } from '../auth-format'
import { useFinishSignIn } from '../use-finish-sign-in'
import { CodeField, ResendCode } from './code-field'
import { useLoginCaptcha } from './code-request-form'
import { SignInLocked, useSignInLock } from './sign-in-lock'
import { m } from '~/lib/messages'

type Channel = 'sms' | 'whatsapp'

/**
 * /auth/verify: the code, then (for a number we have not seen) the registration step. The
 * registration ticket stays in memory only: it is a credential, not something for the URL.
 */
export function VerifyPage({
  phone,
  channel,
  redirect,
}: {
  phone: string
  channel: Channel
  redirect?: string
}) {
  const finish = useFinishSignIn(redirect)
  const [ticket, setTicket] = useState<string | null>(null)
  if (ticket) return <RegisterStep phone={phone} ticket={ticket} finish={finish} redirect={redirect} />
  return (
    <CodeStep phone={phone} channel={channel} redirect={redirect} finish={finish} onNewUser={setTicket} />
  )
}

type Finish = ReturnType<typeof useFinishSignIn>

function CodeStep({
  phone,
  channel,
  redirect,
  finish,
  onNewUser,
}: {
  phone: string
  channel: Channel
  redirect?: string
  finish: Finish
  onNewUser: (ticket: string) => void
}) {
  const captcha = useLoginCaptcha()
  const lock = useSignInLock('verify')
  const { form, formProps, formError, submit } = useAppForm({
    schema: verifyCodeInput,
    defaultValues: { code: '' },
    extra: { phone },
    onSubmit: async (input) => {
      const result = await verifyLoginCodeFn({ data: { ...input, captcha_token: await captcha.token() } })
      track(AUTH_EVENTS.otpVerified)
      if (result.status === 'signed_in') return finish(result.user, 'otp')
      track(AUTH_EVENTS.registerStarted)
      onNewUser(result.ticket)
    },
    onError: (error) => {
      track(AUTH_EVENTS.otpVerificationFailed, { status: error.status })
      lock.catchLock(error)
    },
  })
  if (lock.retryAt) return <SignInLocked retryAt={lock.retryAt} onRetry={() => void lock.retry(phone)} />
  return (
    <section aria-labelledby="verify-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <h1 id="verify-title" className="text-2xl font-bold tracking-tight text-ink">
          {m.account_verify_title()}
        </h1>
        <p className="text-sm text-stone-600">
          {m.account_verify_sent_before({
            channel: channel === 'whatsapp' ? m.account_channel_whatsapp() : m.account_channel_sms(),
          })}
          <span dir="ltr" className="font-medium whitespace-nowrap text-ink">
            {formatPhone(phone)}
          </span>
          {m.account_verify_sent_after()}{' '}
          <Link
            to="/auth"
            search={{ phone, redirect }}
            className="font-medium whitespace-nowrap text-brand-800 underline underline-offset-4"
          >
            {m.account_verify_change_number()}
          </Link>
        </p>
      </div>
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        <form.AppField name="code">{() => <CodeField onComplete={submit} />}</form.AppField>
        <form.AppForm>
          <form.SubmitButton size="lg" busyLabel={m.account_verify_checking()}>
            {m.account_verify_submit()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <ResendCode
        purpose="login"
        phone={phone}
        send={async () =>
          requestLoginCodeFn({ data: { phone, channel, captcha_token: await captcha.token() } })
        }
      />
    </section>
  )
}

function RegisterStep({
  phone,
  ticket,
  finish,
  redirect,
}: {
  phone: string
  ticket: string
  finish: Finish
  redirect?: string
}) {
  const [expired, setExpired] = useState(false)
  const { form, formProps, formError } = useAppForm({
    schema: registerInput,
    defaultValues: { first_name: '', last_name: '', email: '' },
    extra: { ticket },
    onSubmit: async (input) => {
      const { user } = await registerFn({ data: input })
      track(AUTH_EVENTS.registerCompleted)
      await finish(user, 'otp')
    },
    onError: (error) => {
      track(AUTH_EVENTS.registerFailed, { status: error.status })
      if (error.fieldErrors?.ticket) setExpired(true)
    },
  })
  return (
    <section aria-labelledby="register-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <h1 id="register-title" className="text-2xl font-bold tracking-tight text-ink">
          {m.account_register_title()}
        </h1>
        <p className="text-sm text-stone-600">
          <span dir="ltr" className="font-medium whitespace-nowrap text-ink">
            {formatPhone(phone)}
          </span>
          {m.account_register_verified()}
        </p>
      </div>
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        {expired ? (
          <Link
            to="/auth"
            search={{ phone, redirect }}
            className="-mt-2 text-sm font-medium text-brand-800 underline underline-offset-4"
          >
            {m.account_request_new_code()}
          </Link>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="first_name">
            {(field) => (
              <field.TextField label={m.account_first_name()} autoComplete="given-name" required autoFocus />
            )}
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
          <form.SubmitButton size="lg" busyLabel={m.account_register_busy()}>
            {m.account_register_submit()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}
