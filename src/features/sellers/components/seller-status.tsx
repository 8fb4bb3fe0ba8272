import { Link } from '@tanstack/react-router'
import type { SellerStatus } from '~/lib/domain-enums'
import { cn } from '~/lib/cn'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { buttonClasses } from '~/ui/button'
import type { SellerProfileView } from '../sellers.schemas'
import { formatTehranDay } from '~/lib/tehran-time'

/** A seller status's name in the page's locale (a function: the words are read when shown). */
export const sellerStatusLabels: Record<SellerStatus, () => string> = {
  pending: () => m.admin_seller_status_pending(),
  approved: () => m.admin_seller_status_approved(),
  rejected: () => m.admin_seller_status_rejected(),
  suspended: () => m.admin_seller_status_suspended(),
}

const badgeClasses: Record<SellerStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  approved: 'bg-green-50 text-green-900 ring-green-300',
  rejected: 'bg-red-50 text-red-900 ring-red-300',
  suspended: 'bg-stone-100 text-stone-800 ring-stone-300',
}

export function SellerStatusBadge({ status }: { status: SellerStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        badgeClasses[status],
      )}
    >
      {sellerStatusLabels[status]()}
    </span>
  )
}

/**
 * The seller dashboard's first card: where the application stands and what to do next. Pending
 * and rejected sellers see it instead of a menu they cannot use yet.
 */
export function SellerStatusCard({ seller }: { seller: SellerProfileView }) {
  const observer = seller.role === 'observer'
  return (
    <section
      aria-labelledby="seller-status-title"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="seller-status-title" className="text-lg font-semibold text-ink">
          {textInLocale(seller.display_name, seller.display_name_fa)}
        </h2>
        <SellerStatusBadge status={seller.status} />
      </div>
      {observer ? <p className="text-sm text-stone-700">{m.admin_seller_card_observer()}</p> : null}
      <StatusExplanation seller={seller} />
    </section>
  )
}

function StatusExplanation({ seller }: { seller: SellerProfileView }) {
  switch (seller.status) {
    case 'pending':
      return (
        <p className="text-sm text-stone-700">
          {m.admin_seller_card_pending_before({ day: formatTehranDay(seller.created_at) })}
          <Link to="/seller/profile" className="font-medium text-brand-800 underline underline-offset-4">
            {m.admin_seller_card_pending_link()}
          </Link>
          {m.admin_seller_card_pending_after()}
        </p>
      )
    case 'rejected':
      return (
        <div className="flex flex-col items-start gap-3 text-sm text-stone-700">
          <p>{m.admin_seller_card_rejected()}</p>
          {seller.status_reason ? (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-red-900">
              <span className="font-semibold">{m.admin_audit_reason()}</span> {seller.status_reason}
            </p>
          ) : null}
          {seller.role === 'owner' ? (
            <Link to="/become-a-seller" className={buttonClasses('primary', 'md')}>
              {m.admin_seller_card_apply_again()}
            </Link>
          ) : null}
        </div>
      )
    case 'suspended':
      return (
        <p className="text-sm text-stone-700">
          {m.admin_seller_card_suspended_before()}
          {seller.status_reason
            ? `${m.admin_seller_card_suspended_reason({ reason: seller.status_reason })}${m.admin_seller_card_suspended_please_after_reason()}`
            : m.admin_seller_card_suspended_please()}{' '}
          <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-4">
            {m.admin_seller_card_contact()}
          </Link>
          {m.admin_seller_card_contact_after()}
        </p>
      )
    case 'approved':
      return <p className="text-sm text-stone-700">{m.admin_seller_card_approved()}</p>
  }
}
