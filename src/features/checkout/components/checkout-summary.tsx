import type { ReactNode } from 'react'
import { formatMoney } from '~/lib/money'
import { PLUS_NAME } from '~/features/plus/plus.schemas'
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
        <Row term="Subtotal" testId="total-subtotal">
          {money(totals.subtotal)}
        </Row>
        {totals.discount > 0 ? (
          <Row term="Discount" testId="total-discount">
            −{money(totals.discount)}
          </Row>
        ) : null}
        {totals.deliveryPaidByPlatform > 0 ? (
          <Row term={`Free delivery with ${PLUS_NAME}`} testId="total-delivery">
            <span className="font-medium text-emerald-800">
              Free <span className="sr-only">(you save </span>
              <s aria-hidden="true" className="ms-1 text-stone-500">
                {money(totals.deliveryPaidByPlatform)}
              </s>
              <span className="sr-only">{money(totals.deliveryPaidByPlatform)})</span>
            </span>
          </Row>
        ) : (
          <Row term={pickup ? 'Delivery (pickup)' : 'Delivery'} testId="total-delivery">
            {totals.deliveryFee === 0 ? 'Free' : money(totals.deliveryFee)}
          </Row>
        )}
        <Row term={`VAT (${vatPercent}%)`} testId="total-vat">
          {money(totals.vat)}
        </Row>
        <Row term="Total" testId="total-total" strong>
          {money(totals.total)}
        </Row>
      </dl>
      {totals.deliveryPaidByPlatform > 0 ? (
        <p
          className="mt-1 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          data-testid="plus-saving"
        >
          {PLUS_NAME} saved you {money(totals.deliveryPaidByPlatform)} on delivery: the platform pays the
          seller&apos;s fee.
        </p>
      ) : null}
    </>
  )
}
