import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import type { ProductReviewState } from '~/lib/domain-enums'

const labels: Record<ProductReviewState, () => string> = {
  pending: () => m.admin_review_state_pending(),
  approved: () => m.admin_review_state_approved(),
  hidden: () => m.admin_review_state_hidden(),
}
const classes: Record<ProductReviewState, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  approved: 'bg-green-50 text-green-900 ring-green-300',
  hidden: 'bg-red-50 text-red-900 ring-red-300',
}

/** A brand's or product's review state as a badge (text, not colour alone, carries the meaning). */
export function StateBadge({ state }: { state: ProductReviewState }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        classes[state],
      )}
    >
      {labels[state]()}
    </span>
  )
}
