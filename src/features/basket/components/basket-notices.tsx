import { formatMoney } from '~/lib/money'
import { CloseIcon } from '~/ui/icons'
import type { BasketNotice } from '../basket.types'

function text(notice: BasketNotice): string {
  const where = `${notice.productName} (${notice.sellerName})`
  if (notice.kind === 'deleted')
    return `${where} was removed from your basket: the seller no longer offers it.`
  if (notice.kind === 'unavailable') return `${where} is no longer on offer.`
  return `The price of ${where} changed from ${formatMoney(notice.from ?? 0)} to ${formatMoney(notice.to ?? 0)} each.`
}

/** What changed in the basket since it was last shown (spec §4 alerts), until dismissed. */
export function BasketNotices({
  notices,
  onDismiss,
}: {
  notices: BasketNotice[]
  onDismiss: (id: string) => void
}) {
  if (!notices.length) return null
  return (
    <ul aria-label="Changes to your basket" className="flex flex-col gap-2">
      {notices.map((notice) => (
        <li
          key={notice.id}
          data-testid="basket-notice"
          data-kind={notice.kind}
          className="flex items-start justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p>{text(notice)}</p>
          <button
            type="button"
            onClick={() => onDismiss(notice.id)}
            className="-m-1 shrink-0 rounded-md p-1 text-amber-900 hover:bg-amber-100"
            aria-label="Dismiss"
          >
            <CloseIcon size={16} />
          </button>
        </li>
      ))}
    </ul>
  )
}
