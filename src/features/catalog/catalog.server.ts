import '@tanstack/react-start/server-only'
import type { DbOrTx } from '~/server/db/client.server'
import { listProducts } from './catalog-listing.server'
import { listStores } from './catalog-stores.server'
import type { HomeSections, ProductCard } from './catalog.types'

/**
 * Entry points the rest of the app composes. The work lives in the catalog-*.server.ts files:
 * listing, facets, search, product, stores, categories, landing, refresh and SEO.
 */
export { listCategoryTree } from './catalog-categories.server'

/** Newest products on sale. */
export async function listFeaturedProducts(db: DbOrTx, limit: number): Promise<ProductCard[]> {
  const listing = await listProducts(db, { sort: 'newest', per_page: 48 }, { facets: false, count: false })
  return listing.items.slice(0, limit)
}

/** The home page's product and store strips. */
export async function getHomeSections(db: DbOrTx): Promise<HomeSections> {
  const [fresh, discounted, stores] = await Promise.all([
    listProducts(db, { sort: 'newest', per_page: 12 }, { facets: false, count: false }),
    listProducts(db, { discount: true, sort: 'popular', per_page: 12 }, { facets: false, count: false }),
    listStores(db, { page: 1, per_page: 8 }, { count: false }),
  ])
  return { newProducts: fresh.items, discountedProducts: discounted.items, featuredStores: stores.items }
}
