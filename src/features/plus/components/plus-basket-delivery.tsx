import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { cn } from '~/lib/cn'
import { plusQueries } from '../plus.queries'
import { PLUS_NAME } from '../plus.schemas'

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
        <span>Delivery</span>
        <span className="text-end font-medium">Free delivery with {PLUS_NAME}</span>
      </p>
    )
  return (
    <p className={cn('text-xs text-stone-600', compact ? 'mb-2' : null)} data-testid="basket-plus-offer">
      Seller delivery is free on every order with{' '}
      <Link
        to="/omdeh-plus"
        className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {PLUS_NAME}
      </Link>
      .
    </p>
  )
}
