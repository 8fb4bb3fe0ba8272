// The public face of features/catalog (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { absoluteUrl, seoHead } from './catalog-seo'
export { catalogShellQueries } from './catalog-shell.queries'
export { catalogQueries } from './catalog.queries'
export {
  DEFAULT_PER_PAGE,
  SLUG_PATTERN,
  productSearchSchema,
  productSearchToQuery,
  searchParamsToObject,
} from './catalog.schemas'
export type { ProductSearch } from './catalog.schemas'
export type {
  CategoryNode,
  HomeSections,
  ProductCard as ProductCardData,
  ProductDetail,
  ProductOffer,
  StoreSummary,
} from './catalog.types'
export { LandingPageView } from './components/landing-page'
export { ProductCard } from './components/product-card'
export { SearchAutocomplete } from './components/search-autocomplete'
export { landingBlockSchema } from './landing.schemas'
export type { LandingBlock, LandingBlockInput } from './landing.schemas'
export { isOutOfStock } from './offer-stock'
