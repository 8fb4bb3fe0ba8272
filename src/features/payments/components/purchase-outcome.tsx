import type { ReactNode } from 'react'
import { m } from '~/lib/messages'

/** What the bank's answer did to a platform purchase, as both its pages read it back. */
export interface PurchaseOutcomeView {
  number: string
  status: 'pending' | 'paid' | 'cancelled'
  payment: { refunded: boolean } | null
}

/**
 * Back from the bank on a platform purchase (a plan period or a Plus year): a status box that says
 * it was paid, is being refunded, or did not go through. The words are the caller's; the states,
 * their colours and the live region are the same on /subscription and the Plus page.
 */
export function PurchaseOutcome<T extends PurchaseOutcomeView>({
  query,
  paid,
  refunded,
  failed,
}: {
  query: { data: T | undefined; isError: boolean }
  paid: (view: T) => ReactNode
  refunded: (view: T) => ReactNode
  failed: (view: T) => ReactNode
}) {
  const { data, isError } = query
  if (isError) return null
  if (!data) return <p className="text-sm text-stone-700">{m.buyer_pay_checking()}</p>

  const ok = data.status === 'paid'
  return (
    <div
      role="status"
      className={
        ok
          ? 'rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950'
          : 'rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950'
      }
    >
      <p>{ok ? paid(data) : data.payment?.refunded ? refunded(data) : failed(data)}</p>
    </div>
  )
}
