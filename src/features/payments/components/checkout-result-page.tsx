import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { OrderStatus } from '~/lib/domain-enums'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { Button, buttonClasses } from '~/ui/button'
import { Skeleton } from '~/ui/skeleton'
import { paymentQueries } from '../payments.queries'
import { paymentReasonLabel, type CheckoutResultView } from '../payments.schemas'
import { useStartPayment } from './use-start-payment'

const dateTime = (iso: string) => formatTehranDateTime(iso)

/** An order's state in words: given by the page that composes this (the orders feature's labels). */
type StatusLabel = (status: OrderStatus) => string

/**
 * /cart/checkout-result: what happened to the payment. The query string only says which order to
 * look at; the outcome shown is the order's real state on the server.
 */
export function CheckoutResultPage({
  orderNumber,
  statusLabel,
}: {
  orderNumber: string | undefined
  statusLabel: StatusLabel
}) {
  if (!orderNumber) {
    return (
      <ResultFrame tone="neutral" title={m.buyer_pay_none_title()}>
        <p>{m.buyer_pay_none_text()}</p>
        <Actions>
          <Link to="/buyer/orders" className={buttonClasses('primary')}>
            {m.buyer_pay_your_orders()}
          </Link>
        </Actions>
      </ResultFrame>
    )
  }
  return <LoadedResult orderNumber={orderNumber} statusLabel={statusLabel} />
}

function LoadedResult({ orderNumber, statusLabel }: { orderNumber: string; statusLabel: StatusLabel }) {
  const query = useQuery(paymentQueries.checkoutResult(orderNumber))
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true" aria-label={m.buyer_pay_loading_result()}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    )
  }
  if (query.isError) {
    const error = toApiError(query.error)
    return (
      <ResultFrame
        tone="neutral"
        title={error.status === 404 ? m.buyer_pay_order_not_found() : m.buyer_pay_result_failed_load()}
      >
        <p>
          {error.status === 404
            ? m.buyer_pay_no_such_order({ number: orderNumber })
            : m.buyer_pay_check_connection_safe()}
        </p>
        <Actions>
          {error.status === 404 ? null : (
            <Button onClick={() => void query.refetch()}>{m.buyer_pay_try_again()}</Button>
          )}
          <Link to="/buyer/orders" className={buttonClasses('secondary')}>
            {m.buyer_pay_your_orders()}
          </Link>
        </Actions>
      </ResultFrame>
    )
  }
  return <Result view={query.data} statusLabel={statusLabel} />
}

function Result({ view, statusLabel }: { view: CheckoutResultView; statusLabel: StatusLabel }) {
  const total = formatMoney(view.total, view.currency)
  const viewOrder = (
    <Link
      to="/buyer/orders/$id/process"
      params={{ id: String(view.order_id) }}
      className={buttonClasses(view.outcome === 'paid' ? 'primary' : 'secondary')}
    >
      {m.buyer_pay_view_order()}
    </Link>
  )

  if (view.outcome === 'paid') {
    return (
      <ResultFrame tone="success" title={m.buyer_pay_success_title()}>
        <p>
          {m.buyer_pay_order_word()}
          <OrderNumber view={view} />
          {m.buyer_pay_paid_after({ seller: view.seller_name })}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">{m.buyer_pay_total_paid()}</dt>
          <dd className="font-semibold text-ink">{total}</dd>
          {view.paid_at ? (
            <>
              <dt className="text-stone-600">{m.buyer_pay_paid_on()}</dt>
              <dd>
                <time dateTime={view.paid_at}>{dateTime(view.paid_at)}</time>
              </dd>
            </>
          ) : null}
          <dt className="text-stone-600">{m.buyer_pay_status()}</dt>
          <dd>{statusLabel(view.order_status)}</dd>
        </dl>
        <NextSteps
          steps={[m.buyer_pay_step_accept(), m.buyer_pay_step_invoice(), m.buyer_pay_step_follow()]}
        />
        <Actions>
          {viewOrder}
          <Link to="/" className={buttonClasses('secondary')}>
            {m.buyer_pay_continue_shopping()}
          </Link>
        </Actions>
      </ResultFrame>
    )
  }

  if (view.outcome === 'refunding') {
    const refunded = view.payment?.refunded
    return (
      <ResultFrame tone="warning" title={m.buyer_pay_refunding_title()}>
        <p>{paymentReasonLabel(view.payment?.reason ?? 'order_closed')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">{m.buyer_pay_order()}</dt>
          <dd>
            <OrderNumber view={view} /> ({statusLabel(view.order_status).toLowerCase()})
          </dd>
          <dt className="text-stone-600">{m.buyer_pay_refund()}</dt>
          <dd>
            {formatMoney(view.payment?.refunded_amount ?? view.total, view.currency)}:{' '}
            {refunded ? m.buyer_pay_refund_returned() : m.buyer_pay_refund_under_way()}
          </dd>
        </dl>
        <Actions>
          <Link to="/cart" className={buttonClasses('primary')}>
            {m.buyer_pay_back_to_basket()}
          </Link>
          {viewOrder}
        </Actions>
      </ResultFrame>
    )
  }

  if (view.outcome === 'closed') {
    return (
      <ResultFrame
        tone="neutral"
        title={m.buyer_pay_closed_title({ status: statusLabel(view.order_status).toLowerCase() })}
      >
        <p>
          {m.buyer_pay_order_word()}
          <OrderNumber view={view} />
          {m.buyer_pay_cannot_pay()}
          {view.order_status === 'expired' ? m.buyer_pay_expired_tail() : '.'}
        </p>
        <Actions>
          <Link to="/cart" className={buttonClasses('primary')}>
            {m.buyer_pay_back_to_basket()}
          </Link>
          {viewOrder}
        </Actions>
      </ResultFrame>
    )
  }

  // Failed, or not paid yet.
  const reason = view.payment?.reason
  return (
    <ResultFrame
      tone="failure"
      title={view.outcome === 'failed' ? m.buyer_pay_not_completed_title() : m.buyer_pay_not_paid_title()}
    >
      <p>{view.outcome === 'failed' ? paymentReasonLabel(reason) : m.buyer_pay_no_confirmed()}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{m.buyer_pay_order()}</dt>
        <dd>
          <OrderNumber view={view} />
          {m.buyer_pay_from_seller({ seller: view.seller_name })}
        </dd>
        <dt className="text-stone-600">{m.buyer_pay_amount()}</dt>
        <dd className="font-semibold text-ink">{total}</dd>
        {view.can_retry ? (
          <>
            <dt className="text-stone-600">{m.buyer_pay_pay_by()}</dt>
            <dd>
              <time dateTime={view.payment_due_at}>{dateTime(view.payment_due_at)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      {view.can_retry ? (
        <>
          <p className="text-sm text-stone-700">{m.buyer_pay_kept_until()}</p>
          <RetryActions orderNumber={view.order_number} total={total}>
            {viewOrder}
          </RetryActions>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">{m.buyer_pay_time_ran_out()}</p>
          <Actions>
            <Link to="/cart" className={buttonClasses('primary')}>
              {m.buyer_pay_back_to_basket()}
            </Link>
            {viewOrder}
          </Actions>
        </>
      )}
    </ResultFrame>
  )
}

function RetryActions({
  orderNumber,
  total,
  children,
}: {
  orderNumber: string
  total: string
  children: React.ReactNode
}) {
  const payment = useStartPayment(orderNumber)
  return (
    <>
      {payment.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {payment.error}
        </p>
      ) : null}
      <Actions>
        <Button disabled={payment.busy} onClick={() => void payment.start()}>
          {payment.busy ? m.buyer_pay_opening_bank() : m.buyer_pay_retry({ total })}
        </Button>
        {children}
      </Actions>
    </>
  )
}

function OrderNumber({ view }: { view: CheckoutResultView }) {
  return (
    <span dir="ltr" className="font-mono font-semibold text-ink">
      {view.order_number}
    </span>
  )
}

function NextSteps({ steps }: { steps: string[] }) {
  return (
    <div className="text-sm">
      <h2 className="mb-1 font-semibold text-ink">{m.buyer_pay_next_steps()}</h2>
      <ol className="list-decimal space-y-1 ps-5 text-stone-700">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  )
}

function Actions({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">{children}</div>
}

const tones = {
  success: { ring: 'border-emerald-200', badge: 'bg-emerald-700 text-white', mark: '✓' },
  failure: { ring: 'border-red-200', badge: 'bg-red-700 text-white', mark: '!' },
  warning: { ring: 'border-amber-200', badge: 'bg-amber-600 text-white', mark: '↺' },
  neutral: { ring: 'border-stone-200', badge: 'bg-stone-600 text-white', mark: 'i' },
} as const

function ResultFrame({
  tone,
  title,
  children,
}: {
  tone: keyof typeof tones
  title: string
  children: React.ReactNode
}) {
  const t = tones[tone]
  const heading = useRef<HTMLHeadingElement>(null)
  // Arriving from the bank, focus the outcome so a screen reader says it first.
  useEffect(() => heading.current?.focus(), [title])
  return (
    <section
      aria-labelledby="page-title"
      className={`mx-auto flex w-full max-w-2xl flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm sm:p-8 ${t.ring}`}
      data-outcome={tone}
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg font-bold ${t.badge}`}
        >
          {t.mark}
        </span>
        {/* Focused for screen readers only: no ring around a heading nobody can act on. */}
        <h1
          id="page-title"
          ref={heading}
          tabIndex={-1}
          style={{ outline: 'none' }}
          className="text-2xl font-bold tracking-tight text-ink"
        >
          {title}
        </h1>
      </div>
      <div className="flex flex-col gap-4 text-stone-800">{children}</div>
    </section>
  )
}
