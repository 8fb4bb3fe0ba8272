import type { PayoutLineStatus } from '~/lib/payout-enums'
import { m } from '~/lib/messages'
import { cn } from '~/lib/cn'

const label: Record<PayoutLineStatus, () => string> = {
  in_transit: () => m.payouts_status_in_transit(),
  paid: () => m.payouts_status_paid(),
  failed: () => m.payouts_status_failed(),
}

const tone: Record<PayoutLineStatus, string> = {
  in_transit: 'bg-amber-50 text-amber-900 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
}

/** A payout line's status as a small badge. */
export function PayoutStatusBadge({ status }: { status: PayoutLineStatus }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1', tone[status])}>
      {label[status]()}
    </span>
  )
}
