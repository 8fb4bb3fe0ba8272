import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { orderStatusLabels } from '~/features/orders/order-machine'
import { toApiError } from '~/lib/api-error'
import { formatMoney } from '~/lib/money'
import { Button, buttonClasses } from '~/ui/button'
import { Skeleton } from '~/ui/skeleton'
import { paymentQueries } from '../payments.queries'
import { paymentReasonLabel, type CheckoutResultView } from '../payments.schemas'
import { useStartPayment } from './use-start-payment'

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/**
 * /cart/checkout-result: what happened to the payment. The query string only says which order to
 * look at; the outcome shown is the order's real state on the server.
 */
export function CheckoutResultPage({ orderNumber }: { orderNumber: string | undefined }) {
  if (!orderNumber) {
    return (
      <ResultFrame tone="neutral" title="No payment to show">
        <p>This page shows the result of a payment. Your orders and their payments are in your order list.</p>
        <Actions>
          <Link to="/buyer/orders" className={buttonClasses('primary')}>
            Your orders
          </Link>
        </Actions>
      </ResultFrame>
    )
  }
  return <LoadedResult orderNumber={orderNumber} />
}

function LoadedResult({ orderNumber }: { orderNumber: string }) {
  const query = useQuery(paymentQueries.checkoutResult(orderNumber))
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the payment result">
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
        title={error.status === 404 ? 'Order not found' : 'The result could not load'}
      >
        <p>
          {error.status === 404
            ? `There is no order ${orderNumber} in your account.`
            : 'Check your connection and try again. Your payment, if made, is safe.'}
        </p>
        <Actions>
          {error.status === 404 ? null : <Button onClick={() => void query.refetch()}>Try again</Button>}
          <Link to="/buyer/orders" className={buttonClasses('secondary')}>
            Your orders
          </Link>
        </Actions>
      </ResultFrame>
    )
  }
  return <Result view={query.data} />
}

function Result({ view }: { view: CheckoutResultView }) {
  const total = formatMoney(view.total, view.currency)
  const viewOrder = (
    <Link
      to="/buyer/orders/$id/process"
      params={{ id: String(view.order_id) }}
      className={buttonClasses(view.outcome === 'paid' ? 'primary' : 'secondary')}
    >
      View order
    </Link>
  )

  if (view.outcome === 'paid') {
    return (
      <ResultFrame tone="success" title="Payment successful">
        <p>
          Order <OrderNumber view={view} /> is paid. {view.seller_name} has been told and will confirm it; we
          will text you as it moves along.
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">Total paid</dt>
          <dd className="font-semibold text-ink">{total}</dd>
          {view.paid_at ? (
            <>
              <dt className="text-stone-600">Paid on</dt>
              <dd>
                <time dateTime={view.paid_at}>{dateTime(view.paid_at)}</time>
              </dd>
            </>
          ) : null}
          <dt className="text-stone-600">Status</dt>
          <dd>{orderStatusLabels[view.order_status]}</dd>
        </dl>
        <NextSteps
          steps={[
            'The seller accepts your order and prepares it.',
            'Your invoice is in the order, ready to download.',
            'You can follow delivery and talk to the seller from the order page.',
          ]}
        />
        <Actions>
          {viewOrder}
          <Link to="/" className={buttonClasses('secondary')}>
            Continue shopping
          </Link>
        </Actions>
      </ResultFrame>
    )
  }

  if (view.outcome === 'refunding') {
    const refunded = view.payment?.refunded
    return (
      <ResultFrame tone="warning" title="Your payment is being returned">
        <p>{paymentReasonLabel(view.payment?.reason ?? 'order_closed')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">Order</dt>
          <dd>
            <OrderNumber view={view} /> ({orderStatusLabels[view.order_status].toLowerCase()})
          </dd>
          <dt className="text-stone-600">Refund</dt>
          <dd>
            {formatMoney(view.payment?.refunded_amount ?? view.total, view.currency)}:{' '}
            {refunded ? 'returned to your card' : 'under way; banks usually take up to 72 hours'}
          </dd>
        </dl>
        <Actions>
          <Link to="/cart" className={buttonClasses('primary')}>
            Back to your basket
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
        title={`This order is ${orderStatusLabels[view.order_status].toLowerCase()}`}
      >
        <p>
          Order <OrderNumber view={view} /> can no longer be paid
          {view.order_status === 'expired'
            ? ': it was not paid in time, so its items went back on sale. Place the order again from your basket.'
            : '.'}
        </p>
        <Actions>
          <Link to="/cart" className={buttonClasses('primary')}>
            Back to your basket
          </Link>
          {viewOrder}
        </Actions>
      </ResultFrame>
    )
  }

  // Failed, or not paid yet.
  const reason = view.payment?.reason
  return (
    <ResultFrame tone="failure" title={view.outcome === 'failed' ? 'Payment not completed' : 'Not paid yet'}>
      <p>
        {view.outcome === 'failed'
          ? paymentReasonLabel(reason)
          : 'We have no confirmed payment for this order yet.'}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">Order</dt>
        <dd>
          <OrderNumber view={view} /> from {view.seller_name}
        </dd>
        <dt className="text-stone-600">Amount</dt>
        <dd className="font-semibold text-ink">{total}</dd>
        {view.can_retry ? (
          <>
            <dt className="text-stone-600">Pay by</dt>
            <dd>
              <time dateTime={view.payment_due_at}>{dateTime(view.payment_due_at)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      {view.can_retry ? (
        <>
          <p className="text-sm text-stone-700">
            Your order and its items are kept for you until then; after that it expires and the items go back
            on sale.
          </p>
          <RetryActions orderNumber={view.order_number} total={total}>
            {viewOrder}
          </RetryActions>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            The time to pay for this order has run out, so it can no longer be paid. Place the order again
            from your basket.
          </p>
          <Actions>
            <Link to="/cart" className={buttonClasses('primary')}>
              Back to your basket
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
          {payment.busy ? 'Opening the bank…' : `Try payment again (${total})`}
        </Button>
        {children}
      </Actions>
    </>
  )
}

function OrderNumber({ view }: { view: CheckoutResultView }) {
  return <span className="font-mono font-semibold text-ink">{view.order_number}</span>
}

function NextSteps({ steps }: { steps: string[] }) {
  return (
    <div className="text-sm">
      <h2 className="mb-1 font-semibold text-ink">What happens next</h2>
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
  success: { ring: 'border-emerald-200', badge: 'bg-emerald-700 text-white', mark: '✓', label: 'Success' },
  failure: { ring: 'border-red-200', badge: 'bg-red-700 text-white', mark: '!', label: 'Not completed' },
  warning: { ring: 'border-amber-200', badge: 'bg-amber-600 text-white', mark: '↺', label: 'Refund' },
  neutral: { ring: 'border-stone-200', badge: 'bg-stone-600 text-white', mark: 'i', label: 'Information' },
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
