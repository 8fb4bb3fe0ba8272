import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { plusQueries } from '../plus.queries'
import { plusName } from '../plus.schemas'

/**
 * What Plus means for delivery, where the basket (page and drawer) mentions delivery. The basket
 * does not know the sellers' fees (checkout does, and shows what Plus saved), so a member is told
 * delivery will be free, and a signed-in buyer who is not a member gets one quiet link to the
 * Plus page. Guests see nothing: the basket already asks them to sign in.
 */
export function PlusBasketDelivery({ signedIn, compact = false }: { signedIn: boolean; compact?: boolean }) {
  const { data } = useQuery({ ...plusQueries.overview(), enabled: signedIn })
  if (!signedIn || !data?.membership) return null
  if (data.membership.status === 'active')
    return (
      <p
        className={cn(
          'flex items-start justify-between gap-3 text-emerald-900',
          compact ? 'mb-2 text-sm' : 'text-sm',
        )}
        data-testid="basket-plus-delivery"
      >
        <span>{m.tools_plus_delivery()}</span>
        <span className="text-end font-medium">{m.tools_plus_free_delivery_with({ plus: plusName() })}</span>
      </p>
    )
  return (
    <p className={cn('text-xs text-stone-600', compact ? 'mb-2' : null)} data-testid="basket-plus-offer">
      {m.tools_plus_offer_before()}
      <Link
        to="/omdeh-plus"
        className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {plusName()}
      </Link>
      {m.tools_plus_offer_after()}
    </p>
  )
}
