import '@tanstack/react-start/server-only'
import { currentLocale } from '~/lib/i18n'
import type { DbOrTx } from '~/server/db/client.server'
import { memo } from './catalog-cache.server'
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

/** How long this process reuses the home page's strips (a listing refresh here clears them at once). */
const HOME_SECTIONS_TTL_MS = 30_000

/**
 * The home page's product and store strips: the same for every reader of a language, so they are
 * read once per language and reused, like the facets, until the next listing refresh in this
 * process or for at most HOME_SECTIONS_TTL_MS on another instance (a guest's stored home page is
 * as fresh). A signed-in reader's home page is rendered each time, now without the three
 * statements these cost (issue #21). Kept per language: the cards' names and units are in it.
 */
export function getHomeSections(db: DbOrTx): Promise<HomeSections> {
  return memo(`home-sections:${currentLocale()}`, HOME_SECTIONS_TTL_MS, () => readHomeSections(db))
}

async function readHomeSections(db: DbOrTx): Promise<HomeSections> {
  const [fresh, discounted, stores] = await Promise.all([
    listProducts(db, { sort: 'newest', per_page: 12 }, { facets: false, count: false }),
    listProducts(db, { discount: true, sort: 'popular', per_page: 12 }, { facets: false, count: false }),
    listStores(db, { page: 1, per_page: 8 }, { count: false }),
  ])
  return { newProducts: fresh.items, discountedProducts: discounted.items, featuredStores: stores.items }
}
