import type { QueryClient } from '@tanstack/react-query'
import type { User } from '~/features/session/session.schemas'

/**
 * Seam for the basket (issue #6). App start calls this third, after the user and the categories
 * (spec §4): load the server basket for a signed-in user or the local 'cart' for a guest, then
 * report the number of distinct items for the header badge. Until then: an empty basket.
 */
export async function loadBasketAtStart(_ctx: {
  queryClient: QueryClient
  user: User | null
}): Promise<{ count: number }> {
  return { count: 0 }
}
