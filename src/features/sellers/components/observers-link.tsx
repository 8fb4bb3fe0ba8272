import { Link } from '@tanstack/react-router'
import { APPROVED_SELLER_STATUS } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import type { SellerProfileView } from '../sellers.schemas'

/**
 * The way to /seller/profile/observers from the seller profile (the spec's seller menu is fixed,
 * so it has no menu item). Owners only: observers may not manage observers. A seller under review
 * is told it opens on approval, as the page itself does.
 */
export function ObserversLink({ seller }: { seller: SellerProfileView }) {
  if (seller.role !== 'owner') return null
  const approved = seller.status === APPROVED_SELLER_STATUS
  return (
    <section
      aria-labelledby="observers-link-title"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id="observers-link-title" className="text-lg font-semibold text-ink">
          {m.admin_observers_title()}
        </h2>
        <p className="text-sm text-stone-600">
          {approved ? m.admin_observers_link_approved() : m.admin_observers_link_pending()}
        </p>
      </div>
      {approved ? (
        <Button asChild variant="secondary">
          <Link to="/seller/profile/observers">{m.admin_observers_manage()}</Link>
        </Button>
      ) : null}
    </section>
  )
}
