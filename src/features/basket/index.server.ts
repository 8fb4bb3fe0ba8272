// The server-only face of features/basket: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export {
  addItemEndpoint,
  basketEndpoint,
  fillEndpoint,
  quantityEndpoint,
  removeItemEndpoint,
} from './basket-api.server'
export { entryTier, priceLine, priceLineOrQuoted } from './basket-pricing.server'
export type { QuotedPrice, Tier } from './basket-pricing.server'
export { firstPhotoUrl, parseQuoted, parseTiers, quotedPriceJson, validTiersJson } from './basket-sql.server'
export { pruneFillKeys } from './basket.server'
export { addLines, removeAddedLines } from './basket-bulk.server'
export type { AddedLine, BulkLine } from './basket-bulk.server'
