// The public face of features/plans (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { planQueries } from './plans.queries'
export type { PlatformInvoiceSummary } from './plans.schemas'
export { PURCHASE_NUMBER_PATTERN, plusSearch, subscriptionSearch } from './purchase-search.schemas'
