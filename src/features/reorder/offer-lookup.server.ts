import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import {
  entryTier,
  firstPhotoUrl,
  parseTiers,
  priceLine,
  validTiersJson,
  type Tier,
} from '~/features/basket/index.server'
import { textInLocale } from '~/lib/i18n'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import type { OfferView } from './reorder.schemas'

/**
 * Batch look-ups of SKUs as offers, for reorder, quick order and saved lists: one query per 500
 * codes whatever the number of lines (issue #41: 1,000 lines in a bounded number of queries), and
 * one more for the alternatives of SKUs no longer on offer.
 */

export interface SkuLookup {
  skuId: number
  sku: string
  productId: number
  /** Active SKU, store, product and approved seller, with at least one valid tier. */
  live: boolean
  tiers: Tier[]
  alwaysAvailable: boolean
  stock: number
  view: Omit<OfferView, 'unitPrice' | 'minQuantity'>
}

interface Row {
  sku_id: number
  sku: string
  product_id: number
  product_name: string
  product_name_fa: string | null
  product_slug: string
  unit: string
  unit_fa: string | null
  photo: string | null
  seller_name: string
  seller_name_fa: string | null
  store_name: string
  store_name_fa: string | null
  remaining_quantity: number
  always_available: boolean
  active: boolean
  tiers: unknown
}

const CHUNK = 500
const MAX_CODE = 64

function select(where: ReturnType<typeof sql>, when: string) {
  return sql`
    select s.id as sku_id, s.sku, pr.id as product_id, pr.name as product_name, pr.name_fa as product_name_fa,
      pr.slug as product_slug, pr.unit, pr.unit_fa, ${firstPhotoUrl(sql`pr.id`)} as photo,
      se.display_name as seller_name, se.display_name_fa as seller_name_fa,
      st.name as store_name, st.name_fa as store_name_fa, s.remaining_quantity, s.always_available,
      (s.status = 'active' and st.status = 'active' and se.status = 'approved' and pr.status = 'active') as active,
      ${validTiersJson(sql`s.id`, when)} as tiers
    from skus s
    join stores st on st.id = s.store_id
    join sellers se on se.id = st.seller_id
    join products pr on pr.id = s.product_id
    where ${where}
  `
}

function toLookup(row: Row): SkuLookup {
  const tiers = parseTiers(row.tiers)
  return {
    skuId: Number(row.sku_id),
    sku: row.sku,
    productId: Number(row.product_id),
    live: Boolean(row.active) && tiers.length > 0,
    tiers,
    alwaysAvailable: Boolean(row.always_available),
    stock: Number(row.remaining_quantity),
    view: {
      sku: row.sku,
      productId: Number(row.product_id),
      productName: textInLocale(row.product_name, row.product_name_fa),
      productSlug: row.product_slug,
      unit: textInLocale(row.unit, row.unit_fa),
      photo: row.photo,
      sellerName: textInLocale(row.seller_name, row.seller_name_fa),
      storeName: textInLocale(row.store_name, row.store_name_fa),
      alwaysAvailable: Boolean(row.always_available),
      stock: Number(row.remaining_quantity),
    },
  }
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )

/** The SKUs with these codes (exact), live or not, by code. Codes no SKU has are absent. */
export async function lookupCodes(
  db: DbOrTx,
  codes: readonly string[],
  at: Date,
): Promise<Map<string, SkuLookup>> {
  const wanted = [...new Set(codes.filter((code) => code.length > 0 && code.length <= MAX_CODE))]
  const found = new Map<string, SkuLookup>()
  const when = at.toISOString()
  for (let start = 0; start < wanted.length; start += CHUNK) {
    const rows = await selectRows<Row>(
      db,
      select(sql`s.sku in (${list(wanted.slice(start, start + CHUNK))})`, when),
    )
    for (const row of rows) found.set(row.sku, toLookup(row))
  }
  return found
}

/** The offer as priced for `quantity`; null when it has no valid tier. */
export function offerFor(lookup: SkuLookup, quantity: number): OfferView | null {
  const price = priceLine(lookup.tiers, quantity)
  const entry = entryTier(lookup.tiers)
  if (!price || !entry) return null
  return { ...lookup.view, unitPrice: price.effectiveAmount, minQuantity: entry.minQuantity }
}

/**
 * For each product, its best live SKU other than the SKUs named: in stock first, then the cheapest
 * at the seller's minimum (price it for a quantity with `offerFor`). One query for all the products.
 */
export async function alternativesFor(
  db: DbOrTx,
  productIds: readonly number[],
  excludeSkuIds: readonly number[],
  at: Date,
): Promise<Map<number, SkuLookup>> {
  const best = new Map<number, { offer: OfferView; lookup: SkuLookup }>()
  const products = [...new Set(productIds)]
  if (products.length === 0) return new Map()
  const excluded = excludeSkuIds.length ? sql`and s.id not in (${list(excludeSkuIds)})` : sql``
  const rows = await selectRows<Row>(
    db,
    select(
      sql`pr.id in (${list(products)}) ${excluded} and s.status = 'active' and st.status = 'active'
        and se.status = 'approved' and pr.status = 'active'`,
      at.toISOString(),
    ),
  )
  for (const row of rows) {
    const lookup = toLookup(row)
    if (!lookup.live) continue
    const offer = offerFor(lookup, entryTier(lookup.tiers)!.minQuantity)!
    const current = best.get(lookup.productId)?.offer
    const inStock = (o: OfferView) => o.alwaysAvailable || o.stock > 0
    if (
      !current ||
      (inStock(offer) && !inStock(current)) ||
      (inStock(offer) === inStock(current) && offer.unitPrice < current.unitPrice)
    )
      best.set(lookup.productId, { offer, lookup })
  }
  return new Map([...best].map(([productId, { lookup }]) => [productId, lookup]))
}
