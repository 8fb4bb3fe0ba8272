import type { QueryClient } from '@tanstack/react-query'
import { catalogShellQueries } from '~/features/catalog'
import { type User, sessionQueries } from '~/features/auth'
import { loadBasketAtStart } from './basket-seam'

export interface AppStartSteps {
  loadUser: () => Promise<User | null>
  loadCategories: () => Promise<unknown>
  loadBasket: (user: User | null) => Promise<{ count: number }>
}

/**
 * Spec §4 App start: the user, then the categories, then the basket (which depends on who the
 * user is: the server basket or the guest's local one). A failing step does not stop the next:
 * a guest whose profile call failed still gets categories and a local basket.
 */
export async function runAppStart(steps: AppStartSteps): Promise<{ user: User | null; basketCount: number }> {
  const user = await steps.loadUser().catch(() => null)
  await steps.loadCategories().catch(() => undefined)
  const basket = await steps.loadBasket(user).catch(() => ({ count: 0 }))
  return { user, basketCount: basket.count }
}

export function startApp(queryClient: QueryClient) {
  return runAppStart({
    loadUser: () => queryClient.fetchQuery(sessionQueries.me()),
    // Server rendering has usually put them in the cache already; then this costs nothing.
    loadCategories: () => queryClient.ensureQueryData(catalogShellQueries.categoryTree()),
    loadBasket: (user) => loadBasketAtStart({ queryClient, user }),
  })
}
