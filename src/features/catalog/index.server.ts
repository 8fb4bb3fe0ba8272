// The server-only face of features/catalog: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export {
  categoriesEndpoint,
  productDetailEndpoint,
  productsEndpoint,
  storesEndpoint,
  suggestEndpoint,
} from './catalog-api.server'
export { clearCatalogCache } from './catalog-cache.server'
export { parseStoredBlocks, resolveLandingPage } from './catalog-landing.server'
export { effectivePrice, liveOffersOfSkus } from './catalog-product.server'
export {
  countsTowardsPopularity,
  onProductListingsRefreshed,
  refreshDueListings,
  refreshListingsOfOrder,
  refreshListingsOfSellers,
  refreshListingsOfStores,
  refreshProductListings,
} from './catalog-refresh.server'
export { robotsResponse, sitemapFileResponse, sitemapIndexResponse } from './catalog-seo.server'
export type { LandingBlock, LandingPage } from './landing.schemas'
