import { useState } from 'react'
import { track } from '~/features/analytics/analytics-client'
import { Button } from '~/ui/button'
import { FormError, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { AUTH_EVENTS } from '../auth-events'
import { passwordSignInFn } from '../auth.functions'
import { passwordSignInInput } from '../auth.schemas'
import { useFinishSignIn } from '../use-finish-sign-in'

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
  const form = useSchemaForm({
    schema: passwordSignInInput,
    initialValues: { phone: initialPhone, password: '' },
    onSubmit: async (input) => {
      track(AUTH_EVENTS.loginStarted, { method: 'password' })
      track(AUTH_EVENTS.passwordAttempted)
      const { user } = await passwordSignInFn({ data: input })
      await finish(user, 'password')
    },
    onError: (error) => track(AUTH_EVENTS.loginFailed, { method: 'password', status: error.status }),
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-5">
      <FormError message={form.formError} />
      <TextField
        field={form.field('phone')}
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="username"
        dir="ltr"
        required
        placeholder="0912 345 6789"
      />
      <div className="flex flex-col gap-1.5">
        <TextField
          field={form.field('password')}
          label="Password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          required
        />
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            checked={visible}
            onChange={(event) => setVisible(event.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          Show password
        </label>
      </div>
      <Button type="submit" size="lg" disabled={form.submitting}>
        {form.submitting ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="text-sm text-stone-600">
        No password yet?{' '}
        <button
          type="button"
          onClick={onUseCode}
          className="font-medium text-brand-800 underline underline-offset-4"
        >
          Sign in with a one-time code
        </button>{' '}
        and set one in your profile.
      </p>
    </form>
  )
}
