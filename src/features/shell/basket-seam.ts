import type { QueryClient } from '@tanstack/react-query'
import type { User } from '~/features/auth'
import { loadBasketModule } from '~/features/basket'

/**
 * Seam for the basket (issue #6). App start calls this third, after the user and the categories
 * (spec §4): the server basket for a signed-in user (merging a guest basket left in this browser
 * first), the local 'cart' for a guest; then the number of distinct items for the header badge.
 */
export async function loadBasketAtStart(ctx: {
  queryClient: QueryClient
  user: User | null
}): Promise<{ count: number }> {
  const { browserBasket, settledCount } = await loadBasketModule()
  const actor = browserBasket()
  actor.send({ type: 'START', user: ctx.user ? { id: ctx.user.id } : null })
  return { count: await settledCount(actor) }
}

/**
 * Seam for the basket (issue #6), called right after a sign-in and before the user is sent on:
 * the guest's local basket goes to the server (spec §4 "Fill basket", tracked as MERGED), then the
 * server basket is loaded (AppRuntime calls it on lib/signed-in's event, which the sign-in awaits).
 * Resolves once that is done, or has failed (the local basket then stays
 * and the next sign-in tries again).
 */
export async function mergeGuestBasketAfterSignIn(ctx: {
  queryClient: QueryClient
  user: Pick<User, 'id'>
}): Promise<void> {
  const { browserBasket, settledCount } = await loadBasketModule()
  const actor = browserBasket()
  actor.send({ type: 'SIGNED_IN', user: { id: ctx.user.id } })
  await settledCount(actor)
}
