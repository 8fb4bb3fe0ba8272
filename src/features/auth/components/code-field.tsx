import { useState } from 'react'
import { constants } from '#app-config'
import { track } from '~/features/analytics'
import { toApiError } from '~/lib/api-error'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'
import { AUTH_EVENTS } from '../auth-events'
import { codeDigits } from '../auth-format'
import type { CodeSent } from '../auth.schemas'
import { useCodeSent, rememberCodeSent, type CodePurpose } from '../code-sent-store'
import { formatSeconds, useSecondsLeft } from '../use-seconds-left'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

const { otpLength } = constants.auth

/**
 * The one-time code (a form field, inside `form.AppField`): one input (paste and the phone's SMS
 * autofill both work), digits only, and `onComplete` as soon as all six are there, so nobody has
 * to find the button.
 */
export function CodeField({ onComplete }: { onComplete: () => void }) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const value = field.state.value
  return (
    <Field label={m.account_code_label({ length: formatNumber(otpLength) })} error={error} required>
      {(control) => (
        <Input
          {...control}
          name={field.name}
          value={value}
          onBlur={field.handleBlur}
          onChange={(event) => {
            const code = codeDigits(event.target.value)
            field.handleChange(code)
            if (code.length === otpLength && code !== value) onComplete()
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          dir="ltr"
          autoFocus
          className="h-12 text-center font-mono text-xl tracking-[0.5em]"
          placeholder={'•'.repeat(otpLength)}
        />
      )}
    </Field>
  )
}

/**
 * "Resend code", disabled with a countdown until the cooldown (60 s) is over. `send` asks the
 * server for a new code; its reply restarts the countdown.
 */
export function ResendCode({
  purpose,
  phone,
  send,
}: {
  purpose: CodePurpose
  phone: string
  send: () => Promise<CodeSent>
}) {
  const sent = useCodeSent(purpose, phone)
  const left = useSecondsLeft(sent?.resendAt ?? null)
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  })
  const resend = async () => {
    setState({ busy: true, message: null, failed: false })
    try {
      const next = await send()
      rememberCodeSent(purpose, next)
      if (purpose === 'login') track(AUTH_EVENTS.otpResend, { channel: next.channel })
      setState({ busy: false, message: m.account_new_code_sent(), failed: false })
    } catch (error) {
      setState({ busy: false, message: toApiError(error).message, failed: true })
    }
  }
  const waiting = left === null || left > 0
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={resend}
        disabled={waiting || state.busy}
        className="min-h-9 rounded text-sm font-medium text-brand-800 underline underline-offset-4 disabled:cursor-not-allowed disabled:text-stone-500 disabled:no-underline"
      >
        {state.busy
          ? m.account_resend_sending()
          : left
            ? m.account_resend_in({ time: formatSeconds(left) })
            : m.account_resend()}
      </button>
      <p
        role={state.failed ? 'alert' : 'status'}
        className={state.failed ? 'text-xs font-medium text-red-700' : 'text-xs text-stone-600'}
      >
        {state.message}
      </p>
    </div>
  )
}
