import { Link } from '@tanstack/react-router'
import type { SellerStatus } from '~/lib/domain-enums'
import { cn } from '~/lib/cn'
import { buttonClasses } from '~/ui/button'
import type { SellerProfileView } from '../sellers.schemas'
import { formatTehranDay } from '~/lib/tehran-time'

export const sellerStatusLabels: Record<SellerStatus, string> = {
  pending: 'Under review',
  approved: 'Approved',
  rejected: 'Not approved',
  suspended: 'Suspended',
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
      {sellerStatusLabels[status]}
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
          {seller.display_name}
        </h2>
        <SellerStatusBadge status={seller.status} />
      </div>
      {observer ? (
        <p className="text-sm text-stone-700">
          You act for this seller as an observer: you can see everything in the seller panel and process
          orders and stock, but only the owner can change the business details.
        </p>
      ) : null}
      <StatusExplanation seller={seller} />
    </section>
  )
}

function StatusExplanation({ seller }: { seller: SellerProfileView }) {
  switch (seller.status) {
    case 'pending':
      return (
        <p className="text-sm text-stone-700">
          Your application from {formatTehranDay(seller.created_at)} is being reviewed. We will send a text
          message to your mobile number as soon as it is decided; until then you can check your business
          details in{' '}
          <Link to="/seller/profile" className="font-medium text-brand-800 underline underline-offset-4">
            Edit Profile
          </Link>
          .
        </p>
      )
    case 'rejected':
      return (
        <div className="flex flex-col items-start gap-3 text-sm text-stone-700">
          <p>Your application was not approved.</p>
          {seller.status_reason ? (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-red-900">
              <span className="font-semibold">Reason:</span> {seller.status_reason}
            </p>
          ) : null}
          {seller.role === 'owner' ? (
            <Link to="/become-a-seller" className={buttonClasses('primary', 'md')}>
              Apply again
            </Link>
          ) : null}
        </div>
      )
    case 'suspended':
      return (
        <p className="text-sm text-stone-700">
          This seller account is suspended{seller.status_reason ? `: ${seller.status_reason}` : '.'} Please{' '}
          <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-4">
            contact support
          </Link>
          .
        </p>
      )
    case 'approved':
      return (
        <p className="text-sm text-stone-700">
          Your seller account is approved: your stores, inventory, magazines and received orders are in the
          menu.
        </p>
      )
  }
}
