import { useQueryClient } from '@tanstack/react-query'
import { useStore } from '@tanstack/react-form'
import { useState, type ReactNode } from 'react'
import { toApiError } from '~/lib/api-error'
import {
  bankName,
  bankNameOfCode,
  formatSheba,
  shebaBank,
  shebaProblem,
  shebaProblemMessage,
} from '~/lib/identifiers'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { formatTehranDateTime, formatTehranDay } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { savePayoutAccountFn, sendPayoutAccountCodeFn } from '../payout-account.functions'
import {
  savePayoutAccountInput,
  type PayoutAccountView,
  type PayoutCodeSent,
} from '../payout-account.schemas'
import { sellerQueries } from '../sellers.queries'

/** The printed shape of a Sheba, as the field's example. */
const SHEBA_PLACEHOLDER = formatSheba(`IR${'0'.repeat(24)}`)

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  )
}

/**
 * /seller/profile: the payout account (Sheba), masked. The owner registers or changes it with a
 * code sent to the owner's phone; observers read it.
 */
export function PayoutAccountSection({ view }: { view: PayoutAccountView }) {
  const [editing, setEditing] = useState(false)
  const { account } = view
  return (
    <section aria-labelledby="payout-title" className="flex flex-col gap-4">
      <h2 id="payout-title" className="text-lg font-semibold text-ink">
        {m.payout_title()}
      </h2>
      <p className="max-w-prose text-sm text-stone-600">{m.payout_intro()}</p>
      {account ? (
        <dl className="grid gap-4 rounded-2xl bg-stone-50 p-4 sm:grid-cols-2">
          <Detail term={m.payout_sheba()}>
            <span dir="ltr" className="font-mono">
              {account.sheba_masked}
            </span>
          </Detail>
          <Detail term={m.payout_bank()}>{bankNameOfCode(account.bank_code) ?? account.bank_code}</Detail>
          <Detail term={m.payout_holder()}>{account.holder_name}</Detail>
          <Detail term={m.payout_registered_on()}>{formatTehranDay(account.created_at)}</Detail>
        </dl>
      ) : (
        <p className="rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm text-stone-700">
          {m.payout_none()}
        </p>
      )}
      {account?.payouts_held_until ? (
        <p
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {m.payout_held_until({ time: formatTehranDateTime(account.payouts_held_until) })}
        </p>
      ) : null}
      {!view.can_edit ? (
        <p className="text-sm text-stone-600">{m.payout_observer_read_only()}</p>
      ) : editing ? (
        <PayoutAccountForm onDone={() => setEditing(false)} />
      ) : (
        <Button variant="secondary" className="sm:self-start" onClick={() => setEditing(true)}>
          {account ? m.payout_change() : m.payout_register()}
        </Button>
      )}
    </section>
  )
}

function PayoutAccountForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient()
  const [sent, setSent] = useState<PayoutCodeSent | null>(null)
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<string | null>(null)
  const { form, formProps, formError } = useAppForm({
    schema: savePayoutAccountInput,
    defaultValues: { sheba: '', holder_name: '', code: '' },
    onSubmit: async (input) => {
      const saved = await savePayoutAccountFn({ data: input })
      queryClient.setQueryData(sellerQueries.payoutAccount().queryKey, saved)
      const held = saved.account?.payouts_held_until
      notify('success', held ? m.payout_saved_held({ time: formatTehranDateTime(held) }) : m.payout_saved())
      onDone()
    },
  })
  const sheba = useStore(form.store, (state) => state.values.sheba)
  const sendCode = async () => {
    setSending(true)
    setSendError(null)
    try {
      setSent(await sendPayoutAccountCodeFn())
    } catch (error) {
      setSendError(toApiError(error).message)
    } finally {
      setSending(false)
    }
  }
  return (
    <form {...formProps} className="flex flex-col gap-4 rounded-2xl border border-stone-200 p-4">
      <FormError message={formError} />
      <form.AppField name="sheba">
        {(field) => (
          <field.TextField
            label={m.payout_sheba()}
            hint={<ShebaHint value={sheba} />}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder={SHEBA_PLACEHOLDER}
            maxLength={40}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="holder_name">
        {(field) => (
          <field.TextField label={m.payout_holder()} hint={m.payout_holder_hint()} maxLength={100} required />
        )}
      </form.AppField>
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          className="sm:self-start"
          onClick={sendCode}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? m.payout_sending_code() : m.payout_send_code()}
        </Button>
        {sendError ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {sendError}
          </p>
        ) : null}
        <p role="status" className="text-sm text-stone-700">
          {sent ? (
            // The number read left to right inside a Persian sentence (an isolate: its + stays in front).
            m.payout_code_sent({ phone: `\u2066${sent.phone_masked}\u2069` })
          ) : (
            <span className="text-stone-500">{m.payout_code_first()}</span>
          )}
        </p>
      </div>
      <form.AppField name="code">
        {(field) => (
          <field.TextField
            label={m.payout_code()}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={12}
            required
          />
        )}
      </form.AppField>
      <div className="flex flex-col gap-2 sm:flex-row">
        <form.AppForm>
          <form.SubmitButton busyLabel={m.payout_saving()}>{m.payout_save()}</form.SubmitButton>
        </form.AppForm>
        <Button variant="secondary" onClick={onDone}>
          {m.payout_cancel()}
        </Button>
      </div>
    </form>
  )
}

/** As the user types: the bank a valid number belongs to, or why it is not valid yet. */
function ShebaHint({ value }: { value: string }) {
  const trimmed = value.trim()
  if (!trimmed) return <>{m.payout_sheba_hint()}</>
  const problem = shebaProblem(trimmed)
  const bank = shebaBank(trimmed)
  if (!problem && bank)
    return <span className="font-medium text-ink">{m.payout_bank_detected({ bank: bankName(bank) })}</span>
  // While the number is still short, name the bank once its code is typed; the rule once it is whole.
  if (problem === 'format' && trimmed.replace(/\s/g, '').length < 26)
    return <>{bank ? m.payout_bank_detected({ bank: bankName(bank) }) : m.payout_sheba_hint()}</>
  return <span aria-live="polite">{shebaProblemMessage(problem ?? 'bank')}</span>
}
