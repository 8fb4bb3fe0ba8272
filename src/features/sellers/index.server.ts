// The server-only face of features/sellers: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { applyPendingObserverInvitation } from './observers.server'
export {
  currentPayoutAccount,
  currentPayoutAccounts,
  payoutsHeld,
  PAYOUT_HOLD_HOURS,
} from './payout-account.server'
export type { PayoutAccount } from './payout-account.server'
