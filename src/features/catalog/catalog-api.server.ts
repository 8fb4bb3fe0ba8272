import '@tanstack/react-start/server-only'
import type { Db } from '~/server/db/client.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, notFound, parseInput } from '~/server/http/api-errors.server'
import { listCategoryTree } from './catalog-categories.server'
import { listProducts } from './catalog-listing.server'
import { getProductDetail } from './catalog-product.server'
import { suggest } from './catalog-search.server'
import { listStores } from './catalog-stores.server'
import {
  productSearchSchema,
  searchParamsToObject,
  slugInput,
  storeListInput,
  suggestInput,
} from './catalog.schemas'
import { m } from '~/lib/messages'

/**
 * The catalogue's JSON API (spec §7 style: `{ data, meta? }`). Every endpoint is public and the
 * same for everyone: no cookie or token is read, so shared caches may keep the answers for a short
 * while and serve them stale while they revalidate.
 */

type Handler = (ctx: { request: Request; params: Record<string, string> }) => Promise<Response>

const cacheFor = (maxAge: number, stale: number) => ({
  'cache-control': `public, max-age=${maxAge}, stale-while-revalidate=${stale}`,
})
/** Listings and the tree change with refreshes; offers (price, stock) deserve a shorter life. */
const LIST_CACHE = cacheFor(60, 300)
const DETAIL_CACHE = cacheFor(30, 120)

function publicEndpoint(
  headers: Record<string, string>,
  run: (db: Db, url: URL, params: Record<string, string>) => Promise<unknown>,
): Handler {
  return async ({ request, params }) => {
    try {
      const body = await run(await getDb(), new URL(request.url), params)
      return Response.json(body, { headers })
    } catch (error) {
      return errorResponse(error)
    }
  }
}

export const categoriesEndpoint = publicEndpoint(LIST_CACHE, async (db) => ({
  data: await listCategoryTree(db),
}))

export const productsEndpoint = publicEndpoint(LIST_CACHE, async (db, url) => {
  const search = parseInput(productSearchSchema, searchParamsToObject(url.searchParams))
  const listing = await listProducts(db, search)
  const { items, facets, ...meta } = listing
  return { data: items, meta, facets }
})

export const productDetailEndpoint = publicEndpoint(DETAIL_CACHE, async (db, _url, params) => {
  const { slug } = parseInput(slugInput, { slug: params.slug })
  const product = await getProductDetail(db, slug)
  if (!product) throw notFound(m.server_catalog_no_product())
  return { data: product }
})

export const suggestEndpoint = publicEndpoint(LIST_CACHE, async (db, url) => {
  const { q } = parseInput(suggestInput, { q: url.searchParams.get('q') ?? '' })
  return { data: await suggest(db, q) }
})

export const storesEndpoint = publicEndpoint(LIST_CACHE, async (db, url) => {
  const input = parseInput(storeListInput, searchParamsToObject(url.searchParams))
  const { items, ...meta } = await listStores(db, input)
  return { data: items, meta }
})
