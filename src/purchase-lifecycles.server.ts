import '@tanstack/react-start/server-only'
import { registerPurchaseLifecycle } from './features/payments/purchase-lifecycle.server'
import { orderLifecycle } from './features/orders/order-payments.server'
import { planLifecycle } from './features/plans/plan-fulfilment.server'
import { plusLifecycle } from './features/plus/plus-fulfilment.server'

/**
 * What each kind of purchase does when paid or unpaid in time (features/payments owns the payment
 * and calls these). The app entries call this once at start, before any request or job (and
 * registerJobHandlers and the integration tests' databases call it too), so payments imports none
 * of the features that sell.
 */
export function registerPurchaseLifecycles(): void {
  registerPurchaseLifecycle('order', orderLifecycle)
  registerPurchaseLifecycle('plan', planLifecycle)
  registerPurchaseLifecycle('membership', plusLifecycle)
}
