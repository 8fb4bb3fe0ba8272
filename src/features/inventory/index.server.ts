// The server-only face of features/inventory: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { inventorySkuIds, refreshDueSkuEntries } from './inventory.server'
export { alertLowStockFalls } from './low-stock.server'
export type { MovedStock } from './low-stock.server'
export { changeStock, openLedgersForUntrackedStock, recordStockMovements } from './stock-ledger.server'
export { checkTierSet } from './tier-rules'
