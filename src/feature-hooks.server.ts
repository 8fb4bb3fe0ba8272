import '@tanstack/react-start/server-only'
import { onAccountCreated } from '~/features/auth/index.server'
import { onProductListingsRefreshed } from '~/features/catalog/index.server'
import { orderLifecycle } from '~/features/orders/index.server'
import { registerPurchaseLifecycle } from '~/features/payments/index.server'
import { planLifecycle } from '~/features/plans/index.server'
import { plusLifecycle } from '~/features/plus/index.server'
import { queueLineSheetsOfProducts } from '~/features/magazines/index.server'
import { applyPendingObserverInvitation } from '~/features/sellers/index.server'

/**
 * What a feature does when a feature below it changes, wired here so the lower one imports none
 * above it (ARCHITECTURE.md, "Which way imports point"). The boot plugin and the app entry call
 * this before the database (and the demo seed) start, scripts that write the catalogue before
 * they do, and the tests' databases when they open. Registering again replaces, so it is idempotent.
 */
export function registerFeatureHooks(): void {
  // What each kind of purchase does when paid or unpaid in time: payments owns the payment and
  // calls these, so it imports none of the features that sell.
  registerPurchaseLifecycle('order', orderLifecycle)
  registerPurchaseLifecycle('plan', planLifecycle)
  registerPurchaseLifecycle('membership', plusLifecycle)
  // A published magazine's PDF line sheet follows its items' prices, tiers and stock (issue #18).
  onProductListingsRefreshed('magazine-line-sheets', queueLineSheetsOfProducts)
  // A new account whose number a seller invited becomes that seller's observer.
  onAccountCreated('sellers.observer-invitation', applyPendingObserverInvitation)
}
