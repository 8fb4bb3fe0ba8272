// The public face of features/inventory (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { inventoryDefaults, inventorySearch } from './inventory-search.schemas'
export { inventoryQueries } from './inventory.queries'
export { EXPORT_FORMATS, inventorySearchFromParams } from './inventory.schemas'
export { priceTierQueries } from './price-tiers.queries'
export { stockQueries } from './stock.queries'
export { checkTierSet } from './tier-rules'
export type { TierForRules } from './tier-rules'
