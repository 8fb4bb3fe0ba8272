import '@tanstack/react-start/server-only'
import { onAccountCreated } from './features/auth/account-hooks.server'
import { applyPendingObserverInvitation } from './features/sellers/observers.server'

/**
 * What features above auth do on its events. The app entry calls this once at start (and the
 * integration tests when they open their database), so auth imports none of these features, as
 * src/job-handlers.server.ts keeps src/server free of them.
 */
export function registerAuthHooks(): void {
  // A new account whose number a seller invited becomes that seller's observer.
  onAccountCreated('sellers.observer-invitation', applyPendingObserverInvitation)
}
