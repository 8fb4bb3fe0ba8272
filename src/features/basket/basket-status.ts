import type { BasketSnapshot } from './basket-actor'

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
