import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import type { FinanceBalancesView } from '../seller-finance.schemas'

/** The seller's four balances, and what it owes the platform when a refund took it below zero. */
export function BalanceCards({ balances }: { balances: FinanceBalancesView }) {
  const money = (n: number) => formatMoney(n, balances.currency)
  const cards = [
    { key: 'pending', label: m.finance_pending(), hint: m.finance_pending_hint(), value: balances.pending },
    {
      key: 'available',
      label: m.finance_available(),
      hint: m.finance_available_hint(),
      value: balances.available,
    },
    {
      key: 'in-transit',
      label: m.finance_in_transit(),
      hint: m.finance_in_transit_hint(),
      value: balances.in_transit,
    },
    {
      key: 'paid-out',
      label: m.finance_paid_out(),
      hint: m.finance_paid_out_hint(),
      value: balances.paid_out,
    },
  ]
  return (
    <div className="flex flex-col gap-3">
      {balances.negative > 0 ? (
        <div
          role="alert"
          data-testid="finance-negative"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="font-semibold">{m.finance_negative_title({ amount: money(balances.negative) })}</p>
          <p className="mt-1">{m.finance_negative_text()}</p>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.key} className="rounded-lg border border-stone-200 bg-white p-3">
            <dt className="text-xs font-medium text-stone-600">{card.label}</dt>
            <dd
              data-testid={`finance-${card.key}`}
              className={`mt-1 text-lg font-semibold tabular-nums ${card.value < 0 ? 'text-red-800' : 'text-ink'}`}
            >
              {money(card.value)}
            </dd>
            <dd className="mt-1 text-xs text-stone-600">{card.hint}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
