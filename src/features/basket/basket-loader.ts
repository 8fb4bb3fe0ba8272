import type { BasketActor } from './basket-actor'

/**
 * The basket machine (XState and the basket's calls, about 17 KB gzip) is not part of a page's
 * first-load JavaScript (issue #21): it is fetched with a dynamic import when the basket is first
 * used, which is app start right after hydration, or an earlier "Add to basket" click.
 */
type BasketModule = typeof import('./basket-actor')

let loading: Promise<BasketModule> | null = null

export function loadBasketModule(): Promise<BasketModule> {
  loading ??= import('./basket-actor').catch((error: unknown) => {
    loading = null // a failed chunk load (offline, a new deployment) may succeed on the next use
    throw error
  })
  return loading
}

/** The tab's basket actor, started on first use. Browser only. */
export async function basketActor(): Promise<BasketActor> {
  return (await loadBasketModule()).browserBasket()
}
