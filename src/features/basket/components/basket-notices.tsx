import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import { CloseIcon } from '~/ui/more-icons'
import type { BasketNotice } from '../basket.types'

function text(notice: BasketNotice): string {
  const where = m.buyer_basket_notice_where({ product: notice.productName, seller: notice.sellerName })
  if (notice.kind === 'deleted') return m.buyer_basket_notice_deleted({ where })
  if (notice.kind === 'unavailable') return m.buyer_basket_notice_unavailable({ where })
  return m.buyer_basket_notice_price({
    where,
    from: formatMoney(notice.from ?? 0),
    to: formatMoney(notice.to ?? 0),
  })
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
    <ul aria-label={m.buyer_basket_notices_label()} className="flex flex-col gap-2">
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
            aria-label={m.buyer_basket_dismiss()}
          >
            <CloseIcon size={16} />
          </button>
        </li>
      ))}
    </ul>
  )
}
