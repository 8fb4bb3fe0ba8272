import { useQuery } from '@tanstack/react-query'
import { sellerRole } from '~/lib/auth-access'
import { sessionQueries } from '~/features/auth'

/** Whether the signed-in user owns the seller (observers read stores, only owners change them). */
export function useIsStoreOwner(): boolean {
  const { data: user } = useQuery(sessionQueries.me())
  return Boolean(user && sellerRole(user) === 'owner')
}
