import { useState } from 'react'
import { track } from '~/features/analytics'
import { m } from '~/lib/messages'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { AUTH_EVENTS } from '../auth-events'
import { passwordSignInFn } from '../auth.functions'
import { passwordSignInInput } from '../auth.schemas'
import { useFinishSignIn } from '../use-finish-sign-in'
import { useLoginCaptcha } from './code-request-form'
import { SignInLocked, useSignInLock } from './sign-in-lock'

/** /auth, second way in: phone and password, for accounts that have set one (DOMAIN.md). */
export function PasswordSignInForm({
  initialPhone,
  redirect,
  onUseCode,
}: {
  initialPhone: string
  redirect?: string
  onUseCode: () => void
}) {
  const finish = useFinishSignIn(redirect)
  const [visible, setVisible] = useState(false)
  const captcha = useLoginCaptcha()
  const lock = useSignInLock('password')
  const { form, formProps, formError } = useAppForm({
    schema: passwordSignInInput,
    defaultValues: { phone: initialPhone, password: '' },
    onSubmit: async (input) => {
      track(AUTH_EVENTS.loginStarted, { method: 'password' })
      track(AUTH_EVENTS.passwordAttempted)
      const { user } = await passwordSignInFn({ data: { ...input, captcha_token: await captcha.token() } })
      await finish(user, 'password')
    },
    onError: (error) => {
      track(AUTH_EVENTS.loginFailed, { method: 'password', status: error.status })
      lock.catchLock(error)
    },
  })
  if (lock.retryAt)
    return <SignInLocked retryAt={lock.retryAt} onRetry={() => void lock.retry(form.state.values.phone)} />
  return (
    <form {...formProps} className="flex flex-col gap-5">
      <FormError message={formError} />
      <form.AppField name="phone">
        {(field) => (
          <field.TextField
            label={m.buyer_auth_mobile()}
            type="tel"
            inputMode="tel"
            autoComplete="username"
            dir="ltr"
            required
            placeholder="0912 345 6789"
          />
        )}
      </form.AppField>
      <div className="flex flex-col gap-1.5">
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              label={m.buyer_auth_password()}
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
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
          {m.buyer_auth_show_password()}
        </label>
      </div>
      <form.AppForm>
        <form.SubmitButton size="lg" busyLabel={m.buyer_auth_signing_in()}>
          {m.buyer_auth_sign_in()}
        </form.SubmitButton>
      </form.AppForm>
      <p className="text-sm text-stone-600">
        {m.buyer_auth_no_password()}{' '}
        <button
          type="button"
          onClick={onUseCode}
          className="font-medium text-brand-800 underline underline-offset-4"
        >
          {m.buyer_auth_use_code()}
        </button>{' '}
        {m.buyer_auth_set_one()}
      </p>
    </form>
  )
}
