import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button, buttonClasses } from '~/ui/button'
import { ShieldIcon } from '~/ui/more-icons'
import { Skeleton } from '~/ui/skeleton'
import { decideSandboxPaymentFn } from '../payments.functions'
import { paymentQueries } from '../payments.queries'
import type { SandboxDecision, SandboxSessionView } from '../payments.schemas'

const resultLink = (orderNumber: string) => ({
  to: '/cart/checkout-result' as const,
  search: { order: orderNumber },
})

/** Seconds left until `expiresAt`, by the server's clock (offset measured when the page loaded). */
function useSecondsLeft(view: SandboxSessionView | undefined): number | null {
  const offset = useRef(0)
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    if (!view) return
    offset.current = new Date(view.server_time).getTime() - Date.now()
    const expires = new Date(view.expires_at).getTime()
    const tick = () => setLeft(Math.max(0, Math.floor((expires - (Date.now() + offset.current)) / 1000)))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [view])
  return left
}

const mmss = (seconds: number) =>
  `${formatNumber(Math.floor(seconds / 60))}:${formatNumber(seconds % 60).padStart(2, formatNumber(0))}`

/**
 * The sandbox bank's payment page (/payment/{session}): a stand-in for a real bank in development
 * and demos. It shows what is being paid and to whom, and lets the payer approve, decline or let
 * the page time out; the bank then sends the browser to the shop with a signed outcome.
 */
export function SandboxBankPage({ sessionId }: { sessionId: string }) {
  const query = useQuery(paymentQueries.sandboxSession(sessionId))
  const view = query.data
  const secondsLeft = useSecondsLeft(view)
  const [pending, setPending] = useState<SandboxDecision | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function decide(decision: SandboxDecision) {
    setPending(decision)
    setError(null)
    try {
      const { url } = await decideSandboxPaymentFn({ data: { session: sessionId, decision } })
      window.location.assign(url)
    } catch (thrown) {
      setError(toApiError(thrown).message)
      setPending(null)
    }
  }

  if (query.isPending) {
    return (
      <BankFrame>
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={m.buyer_pay_loading_payment()}>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </BankFrame>
    )
  }
  if (query.isError || !view) {
    const status = query.error ? toApiError(query.error).status : 0
    return (
      <BankFrame>
        <h1 className="text-xl font-bold text-ink">
          {status === 404 ? m.buyer_pay_not_found() : m.buyer_pay_bank_failed_load()}
        </h1>
        <p className="text-stone-700">
          {status === 404 ? m.buyer_pay_link_invalid() : m.buyer_pay_check_connection()}
        </p>
        <div className="flex flex-wrap gap-2">
          {status === 404 ? null : (
            <Button onClick={() => void query.refetch()}>{m.buyer_pay_try_again()}</Button>
          )}
          <Link to="/buyer/orders" className={buttonClasses('secondary')}>
            {m.buyer_pay_your_orders()}
          </Link>
        </div>
      </BankFrame>
    )
  }

  const timedOut = secondsLeft === 0
  const open = view.status === 'open' && !timedOut
  return (
    <BankFrame>
      <h1 className="text-xl font-bold text-ink">{m.buyer_pay_confirm_title()}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-stone-600">{m.buyer_pay_pay_to()}</dt>
        <dd className="font-medium text-ink">{view.payee}</dd>
        <dt className="text-stone-600">{m.buyer_pay_order()}</dt>
        <dd className="font-mono font-medium text-ink">
          <span dir="ltr">{view.order_number}</span>
        </dd>
        <dt className="text-stone-600">{m.buyer_pay_amount()}</dt>
        <dd className="text-2xl font-bold text-ink" data-testid="payment-amount">
          {formatMoney(view.amount, view.currency)}
        </dd>
        {view.split_amount > 0 ? (
          <>
            <dt className="text-stone-600">{m.buyer_pay_split()}</dt>
            <dd className="text-ink">
              {m.buyer_pay_split_text({ amount: formatMoney(view.split_amount, view.currency) })}
            </dd>
          </>
        ) : null}
        {open && secondsLeft !== null ? (
          <>
            <dt className="text-stone-600">{m.buyer_pay_time_left()}</dt>
            <dd>
              <span role="timer" aria-live="off" dir="ltr" className="font-mono font-medium text-ink">
                {mmss(secondsLeft)}
              </span>
              <span className="sr-only">{m.buyer_pay_minutes_seconds()}</span>
            </dd>
          </>
        ) : null}
      </dl>

      {open ? (
        <>
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col gap-2">
            <Button size="lg" disabled={pending !== null} onClick={() => void decide('approve')}>
              {pending === 'approve'
                ? m.buyer_pay_approving()
                : m.buyer_pay_approve({ amount: formatMoney(view.amount, view.currency) })}
            </Button>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <Button variant="secondary" disabled={pending !== null} onClick={() => void decide('decline')}>
                {pending === 'decline' ? m.buyer_pay_declining() : m.buyer_pay_decline()}
              </Button>
              <Button variant="ghost" disabled={pending !== null} onClick={() => void decide('timeout')}>
                {pending === 'timeout' ? m.buyer_pay_timing_out() : m.buyer_pay_simulate_timeout()}
              </Button>
            </div>
          </div>
        </>
      ) : (
        <div role="status" className="flex flex-col gap-3 rounded-lg bg-stone-100 p-4 text-sm text-stone-800">
          <p>
            {view.status === 'succeeded'
              ? m.buyer_pay_already_made()
              : timedOut || view.status === 'expired'
                ? m.buyer_pay_ran_out()
                : m.buyer_pay_already_finished()}
          </p>
          <Link {...resultLink(view.order_number)} className={buttonClasses('primary', 'md', 'self-start')}>
            {m.buyer_pay_back_to_shop()}
          </Link>
        </div>
      )}
    </BankFrame>
  )
}

function BankFrame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="bank-name" className="mx-auto flex w-full max-w-md flex-col gap-4">
      <div className="flex items-center gap-2 rounded-t-2xl bg-emerald-900 px-5 py-3 text-white">
        <ShieldIcon size={22} />
        <p id="bank-name" className="font-semibold whitespace-nowrap">
          {m.buyer_pay_sandbox_bank()}
        </p>
        <span className="ms-auto rounded bg-white/15 px-2 py-0.5 text-xs whitespace-nowrap">
          {m.buyer_pay_test_money()}
        </span>
      </div>
      <div className="-mt-4 flex flex-col gap-4 rounded-b-2xl border border-t-0 border-stone-200 bg-white p-5 shadow-sm">
        {children}
      </div>
    </section>
  )
}
