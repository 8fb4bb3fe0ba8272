import { createServerFn } from '@tanstack/react-start'
import { serverConfig } from '~/server/config.server'
import { getDb } from '~/server/db/database.server'
import { getLandingPage } from './catalog-landing.server'
import { listProducts } from './catalog-listing.server'
import { getProductDetail } from './catalog-product.server'
import { getStore } from './catalog-stores.server'
import { validate } from '~/server/http/api-errors.server'
import { featuredProductsInput, productSearchSchema, slugInput } from './catalog.schemas'
import { getHomeSections, listFeaturedProducts } from './catalog.server'

/**
 * The catalogue's server functions for the app's own pages. All public and read-only: they take
 * validated input and never look at who is asking. The two every page's header uses (the category
 * tree, the search suggestions) are in catalog-shell.functions.ts, re-exported here (issue #21).
 */

export { fetchCategoryTree, fetchSuggestions } from './catalog-shell.functions'

export const fetchFeaturedProducts = createServerFn({ method: 'GET' })
  .validator(validate(featuredProductsInput))
  .handler(async ({ data }) => listFeaturedProducts(await getDb(), data.limit))

export const fetchHomeSections = createServerFn({ method: 'GET' }).handler(async () =>
  getHomeSections(await getDb()),
)

export const fetchProductListing = createServerFn({ method: 'GET' })
  .validator(validate(productSearchSchema))
  .handler(async ({ data }) => listProducts(await getDb(), data))

/** null when there is no such active product (the page turns that into a 404). */
export const fetchProductDetail = createServerFn({ method: 'GET' })
  .validator(validate(slugInput))
  .handler(async ({ data }) => getProductDetail(await getDb(), data.slug))

export const fetchLandingPage = createServerFn({ method: 'GET' })
  .validator(validate(slugInput))
  .handler(async ({ data }) => getLandingPage(await getDb(), data.slug))

export const fetchStore = createServerFn({ method: 'GET' })
  .validator(validate(slugInput))
  .handler(async ({ data }) => getStore(await getDb(), data.slug))

/** The public site address, for canonical URLs and Open Graph tags. */
export const fetchSiteInfo = createServerFn({ method: 'GET' }).handler(async () => ({
  siteUrl: serverConfig().publicSiteUrl,
}))
