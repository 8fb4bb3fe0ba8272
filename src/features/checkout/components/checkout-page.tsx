import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { addressQueries } from '~/features/addresses'
import { PayLaterOption, payOrderOnCreditFn } from '~/features/credit'
import { useBasket, useBasketActions } from '~/features/basket'
import { startPayment } from '~/features/payments'
import { toApiError } from '~/lib/api-error'
import type { DeliveryMethod } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { BasketIcon } from '~/ui/icons'
import { newIdempotencyKey } from '../checkout-key'
import { checkoutTotals } from '../checkout-totals'
import { placeOrderFn } from '../checkout.functions'
import { checkoutQueries } from '../checkout.queries'
import { CHOOSE_ADDRESS, type CheckoutLine, type PlacedOrder } from '../checkout.schemas'
import { AddressChoice } from './address-choice'
import { CheckoutLineItem } from './checkout-line-item'
import { CheckoutSummary } from './checkout-summary'
import { DeliveryChoice } from './delivery-choice'
import { NoteField } from './note-field'

type Phase = 'idle' | 'placing' | 'paying'

/**
 * /cart/{id}/checkout: one seller's cart at today's prices, delivery, address and note, the totals
 * the server will charge, and "Place order" (then on to the bank). The server re-checks everything;
 * a line it refuses shows here with its fix, applied through the basket so both stay in step.
 */
export function CheckoutPage({ cartId }: { cartId: number }) {
  const checkout = useSuspenseQuery(checkoutQueries.cart(cartId))
  const view = checkout.data
  const addresses = useQuery(addressQueries.mine())
  const basket = useBasket()
  const basketActions = useBasketActions()
  const [idempotencyKey] = useState(newIdempotencyKey)
  const [method, setMethod] = useState<DeliveryMethod>('seller_delivery')
  const [chosenAddressId, setAddressId] = useState<number | null>(null)
  const [note, setNote] = useState('')
  const [phase, setPhase] = useState<Phase>('idle')
  const [placed, setPlaced] = useState<PlacedOrder | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [addressError, setAddressError] = useState<string | null>(null)
  // Two clicks in one tick both see phase 'idle': this stops the second (the key would make it harmless).
  const inFlight = useRef(false)
  const fixes = useFixThroughBasket(basket.status, () => void checkout.refetch())

  // The default address is preselected (it comes first in the list) until the buyer picks one.
  const addressId = chosenAddressId ?? addresses.data?.[0]?.id ?? null

  const emptied = checkout.error !== null && toApiError(checkout.error).status === 404
  if (emptied) return <CartGone />

  const totals = checkoutTotals({
    lines: view.lines,
    deliveryMethod: method,
    delivery: { fee: view.seller.deliveryFee, freeDeliveryThreshold: view.seller.freeDeliveryThreshold },
    vatPercent: view.vatPercent,
    plusMember: view.plusMember,
  })
  const problems = view.lines.filter((line) => line.problem).length
  const busy = phase !== 'idle'

  function fix(line: CheckoutLine) {
    const action = line.problem?.action
    if (!action) return
    setError(null)
    fixes.start()
    if (action.kind === 'remove') basketActions.remove(String(line.itemId))
    else basketActions.setQuantity(String(line.itemId), action.quantity)
  }

  /** Places the order, then pays online (the bank) or on the buyer's credit terms with this seller. */
  async function place(pay: 'online' | 'credit' = 'online') {
    if (busy || inFlight.current) return
    setError(null)
    setAddressError(null)
    if (method === 'seller_delivery' && addressId === null) {
      setAddressError(CHOOSE_ADDRESS())
      document.getElementById('address-choice')?.focus()
      return
    }
    setPhase('placing')
    inFlight.current = true
    let order = placed
    try {
      if (!order) {
        order = await placeOrderFn({
          data: {
            cartId,
            addressId: method === 'seller_delivery' ? addressId : null,
            deliveryMethod: method,
            note,
            idempotencyKey,
            expectedTotal: totals.total,
          },
        })
        setPlaced(order)
        // The ordered items have left the basket on the server: the header and drawer follow.
        basketActions.reload()
      }
      setPhase('paying')
      if (pay === 'credit') {
        await payOrderOnCreditFn({ data: { orderNumber: order.orderNumber } })
        window.location.assign(
          `/cart/checkout-result?${new URLSearchParams({ status: 'success', order: order.orderNumber }).toString()}`,
        )
        return
      }
      const { url } = await startPayment({ data: { orderNumber: order.orderNumber } })
      window.location.assign(url)
    } catch (thrown) {
      const failure = toApiError(thrown)
      inFlight.current = false
      setPhase('idle')
      if (order) {
        const words = { number: order.orderNumber, reason: failure.message }
        setError(
          pay === 'credit' ? m.credit_pay_later_failed(words) : m.buyer_checkout_payment_failed_start(words),
        )
        return
      }
      const addressMessage = failure.fieldErrors?.addressId?.[0]
      if (addressMessage) {
        setAddressError(addressMessage)
        void addresses.refetch()
        document.getElementById('address-choice')?.focus()
        return
      }
      setError(failure.message)
      // Stock, prices or the cart changed under the buyer: show the lines as they now are.
      if (failure.status === 422 || failure.status === 409 || failure.status === 404) void checkout.refetch()
    }
  }

  const money = (n: number) => formatMoney(n, view.currency)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Link to="/cart" className="text-sm font-medium text-brand-800 hover:underline">
          {m.buyer_checkout_back()}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.buyer_checkout_title()}
        </h1>
        <p className="text-sm text-stone-600">
          {m.buyer_checkout_from_before()}
          <span className="font-medium text-ink">{view.seller.name}</span>
          {m.buyer_checkout_from_after()}
        </p>
      </div>

      <div className="grid items-start gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <section
            aria-labelledby="items-title"
            className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
            aria-busy={fixes.pending || checkout.isFetching}
          >
            <h2 id="items-title" className="border-b border-stone-100 pb-2 text-base font-semibold text-ink">
              {m.buyer_checkout_items({ count: formatNumber(view.lines.length) })}
            </h2>
            <ul className="divide-y divide-stone-100">
              {view.lines.map((line) => (
                <CheckoutLineItem
                  key={line.itemId}
                  line={line}
                  currency={view.currency}
                  busy={busy || fixes.pending}
                  onFix={fix}
                />
              ))}
            </ul>
          </section>

          <section className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
            <DeliveryChoice
              view={view}
              value={method}
              onChange={setMethod}
              freeDelivery={totals.freeDelivery}
            />
          </section>

          {method === 'seller_delivery' ? (
            <section className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
              <AddressChoice
                addresses={addresses.data}
                loading={addresses.isPending}
                value={addressId}
                onChange={(id) => {
                  setAddressId(id)
                  setAddressError(null)
                }}
                onCreated={(address) => {
                  void addresses.refetch()
                  setAddressId(address.id)
                  setAddressError(null)
                }}
                error={addressError}
              />
            </section>
          ) : null}

          <section className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
            <NoteField value={note} onChange={setNote} />
          </section>
        </div>

        <aside
          aria-labelledby="summary-title"
          className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 lg:sticky lg:top-4"
        >
          <h2 id="summary-title" className="font-semibold text-ink">
            {m.buyer_checkout_summary()}
          </h2>
          <CheckoutSummary
            totals={totals}
            currency={view.currency}
            vatPercent={view.vatPercent}
            pickup={method === 'pickup'}
          />
          {method === 'seller_delivery' &&
          !view.plusMember &&
          view.seller.freeDeliveryThreshold !== null &&
          !totals.freeDelivery &&
          view.seller.deliveryFee > 0 ? (
            <p className="text-xs text-stone-600">
              {m.buyer_checkout_add_more({ amount: money(view.seller.freeDeliveryThreshold - totals.goods) })}
            </p>
          ) : null}
          {error ? (
            <p
              role="alert"
              data-testid="checkout-error"
              className="rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {error}
            </p>
          ) : null}
          {problems > 0 && !placed ? (
            <p className="text-xs font-medium text-amber-900" role="status">
              {m.buyer_checkout_problems({ count: problems, countText: formatNumber(problems) })}
            </p>
          ) : null}
          <Button
            size="lg"
            className="w-full"
            onClick={() => void place()}
            disabled={busy || fixes.pending || (problems > 0 && !placed)}
          >
            {phase === 'placing'
              ? m.buyer_checkout_placing()
              : phase === 'paying'
                ? m.buyer_checkout_opening_payment()
                : placed
                  ? m.buyer_checkout_pay_for({ number: placed.orderNumber })
                  : m.buyer_checkout_place({ total: money(totals.total) })}
          </Button>
          <p className="text-xs text-stone-600">{m.buyer_checkout_pay_next()}</p>
          <PayLaterOption
            sellerId={view.seller.id}
            total={totals.total}
            currency={view.currency}
            disabled={busy || fixes.pending || (problems > 0 && !placed)}
            onChoose={() => void place('credit')}
          />
        </aside>
      </div>
    </section>
  )
}

/**
 * A line fixed through the basket: the change goes to the server by the basket machine (so the
 * basket, header and drawer stay in step), and once the basket has settled the checkout re-reads
 * the cart. If the basket never seems busy (it was not loaded), the checkout re-reads anyway.
 */
function useFixThroughBasket(status: string, reread: () => void) {
  const [pending, setPending] = useState(false)
  const sawBusy = useRef(false)
  const fallback = useRef<ReturnType<typeof setTimeout> | null>(null)
  const rereadRef = useRef(reread)
  useEffect(() => {
    rereadRef.current = reread
  })

  useEffect(() => {
    if (!pending) return
    if (status !== 'ready') {
      sawBusy.current = true
      return
    }
    if (!sawBusy.current) return
    if (fallback.current) clearTimeout(fallback.current)
    setPending(false)
    rereadRef.current()
  }, [pending, status])

  useEffect(
    () => () => {
      if (fallback.current) clearTimeout(fallback.current)
    },
    [],
  )

  return {
    pending,
    start() {
      sawBusy.current = false
      setPending(true)
      if (fallback.current) clearTimeout(fallback.current)
      fallback.current = setTimeout(() => {
        setPending(false)
        rereadRef.current()
      }, 4000)
    },
  }
}

function CartGone() {
  return (
    <EmptyState
      title={m.buyer_checkout_cart_gone_title()}
      icon={<BasketIcon size={40} />}
      action={
        <Button asChild>
          <Link to="/cart">{m.buyer_checkout_back_to_basket()}</Link>
        </Button>
      }
    >
      {m.buyer_checkout_cart_gone()}
    </EmptyState>
  )
}
