import type { ReactNode } from 'react'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { PLUS_NAME } from '~/features/plus'
import type { CheckoutTotals } from '../checkout-totals'

function Row({
  term,
  children,
  testId,
  strong,
}: {
  term: ReactNode
  children: ReactNode
  testId: string
  strong?: boolean
}) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between gap-3 border-t border-stone-200 pt-2 text-base font-semibold text-ink'
          : 'flex justify-between gap-3 text-stone-700'
      }
    >
      <dt>{term}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** Subtotal, discount, delivery, VAT and total, as the server will charge them. */
export function CheckoutSummary({
  totals,
  currency,
  vatPercent,
  pickup,
}: {
  totals: CheckoutTotals
  currency: string
  vatPercent: number
  pickup: boolean
}) {
  const money = (n: number) => formatMoney(n, currency)
  return (
    <>
      <dl className="flex flex-col gap-1.5 text-sm">
        <Row term={m.buyer_checkout_subtotal()} testId="total-subtotal">
          {money(totals.subtotal)}
        </Row>
        {totals.discount > 0 ? (
          <Row term={m.buyer_checkout_discount()} testId="total-discount">
            −{money(totals.discount)}
          </Row>
        ) : null}
        {totals.deliveryPaidByPlatform > 0 ? (
          <Row term={m.buyer_checkout_free_delivery_with({ plus: PLUS_NAME })} testId="total-delivery">
            <span className="font-medium text-emerald-800">
              {m.buyer_checkout_free()} <span className="sr-only">{m.buyer_checkout_you_save_open()}</span>
              <s aria-hidden="true" className="ms-1 text-stone-500">
                {money(totals.deliveryPaidByPlatform)}
              </s>
              <span className="sr-only">{money(totals.deliveryPaidByPlatform)})</span>
            </span>
          </Row>
        ) : (
          <Row
            term={pickup ? m.buyer_checkout_delivery_pickup() : m.buyer_checkout_delivery()}
            testId="total-delivery"
          >
            {totals.deliveryFee === 0 ? m.buyer_checkout_free() : money(totals.deliveryFee)}
          </Row>
        )}
        <Row term={m.buyer_checkout_vat({ percent: formatNumber(vatPercent) })} testId="total-vat">
          {money(totals.vat)}
        </Row>
        <Row term={m.buyer_checkout_total()} testId="total-total" strong>
          {money(totals.total)}
        </Row>
      </dl>
      {totals.deliveryPaidByPlatform > 0 ? (
        <p
          className="mt-1 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          data-testid="plus-saving"
        >
          {m.buyer_checkout_plus_saved({ plus: PLUS_NAME, amount: money(totals.deliveryPaidByPlatform) })}
        </p>
      ) : null}
    </>
  )
}
