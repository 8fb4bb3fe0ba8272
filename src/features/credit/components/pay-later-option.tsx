import { useQuery } from '@tanstack/react-query'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { creditQueries } from '../credit.queries'

/**
 * Checkout's "Pay later (net N)" for a buyer with terms at this seller: enabled when the order fits
 * the unused limit and nothing is overdue (the server checks both again under a lock). Nothing
 * shows for a buyer without terms.
 */
export function PayLaterOption({
  sellerId,
  total,
  currency,
  disabled,
  onChoose,
}: {
  sellerId: number
  total: number
  currency: string
  disabled: boolean
  onChoose: () => void
}) {
  const offer = useQuery(creditQueries.offer(sellerId))
  const data = offer.data
  if (!data || data.refusal === 'no_terms' || data.refusal === 'frozen') return null
  const overLimit = total > data.available
  const why =
    data.refusal === 'overdue'
      ? m.credit_pay_later_refused_overdue()
      : overLimit
        ? m.credit_pay_later_refused_limit({ amount: formatMoney(data.available, currency) })
        : m.credit_pay_later_hint({ amount: formatMoney(data.available, currency) })
  return (
    <div className="flex flex-col gap-1">
      <Button
        size="lg"
        variant="secondary"
        className="w-full"
        onClick={onChoose}
        disabled={disabled || data.refusal === 'overdue' || overLimit}
        aria-describedby="pay-later-note"
      >
        {m.credit_pay_later({ days: String(data.termDays) })}
      </Button>
      <p id="pay-later-note" className="text-xs text-stone-600">
        {why}
      </p>
    </div>
  )
}
