import type { BasketSnapshot } from './basket-actor'

/**
 * The id of the header's basket button, where focus goes after an add from the product page. Here
 * rather than in add-to-basket.ts, which the header would otherwise bring (with its messages) into
 * every page's first chunk (issue #21); add-to-basket re-exports it.
 */
export const HEADER_BASKET_ID = 'header-basket'

/** Nothing in flight: a guest, or the server basket loaded with no change waiting. */
export const isSettled = (snapshot: BasketSnapshot) =>
  snapshot.matches('guest') || (snapshot.matches({ server: 'idle' }) && snapshot.context.queue.length === 0)

export type BasketStatus = 'starting' | 'guest' | 'merging' | 'loading' | 'ready' | 'busy'

export function statusOf(snapshot: BasketSnapshot): BasketStatus {
  if (snapshot.matches('guest')) return 'guest'
  if (snapshot.matches('merging')) return 'merging'
  if (snapshot.matches({ server: 'loading' }) && !snapshot.context.lastServerCarts) return 'loading'
  if (snapshot.matches('server')) return isSettled(snapshot) ? 'ready' : 'busy'
  return 'starting'
}
