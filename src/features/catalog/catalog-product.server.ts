import '@tanstack/react-start/server-only'
import { currentLocale, textInLocale } from '~/lib/i18n'
import { sql, type SQL } from 'drizzle-orm'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { loadCategoryIndex, trailOf } from './catalog-categories.server'
import type { PriceTier, ProductDetail, ProductOffer } from './catalog.types'
import { cityInLocale } from '~/lib/iran-cities'

/**
 * A product page's data, priced live (not from the read model): every live offer (active SKU,
 * active store, approved seller, at least one valid tier) with its valid tiers. Only public fields
 * of stores and sellers leave this module.
 */

interface OfferRow {
  sku_id: number
  sku: string
  remaining_quantity: number
  always_available: boolean
  pieces_per_pack: number
  store_slug: string
  store_name: string
  store_name_fa: string | null
  store_city: string
  seller_id: number
  seller_name: string
  seller_name_fa: string | null
  unit_price: string | number
  offer_price: string | number
  price_per_piece: string | number
  min_quantity: number
  valid_from: string | Date
  valid_to: string | Date | null
  price_id: number
}

const iso = (value: string | Date) => new Date(value).toISOString()
export const effectivePrice = (tier: { unitPrice: number; offerPrice: number }) =>
  tier.offerPrice > 0 ? tier.offerPrice : tier.unitPrice

/** Live offers of a product, cheapest entry price first, each with its valid tiers. */
export async function listOffers(db: DbOrTx, productId: number, at: Date = now()): Promise<ProductOffer[]> {
  return cheapestFirst(await liveOffersWhere(db, sql`s.product_id = ${productId}`, at))
}

const cheapestFirst = (offers: Map<number, ProductOffer>) =>
  [...offers.values()].sort(
    (a, b) =>
      effectivePrice(a) - effectivePrice(b) || a.unitPrice - b.unitPrice || a.sku.localeCompare(b.sku),
  )

/**
 * The live offers of some SKUs by SKU id, priced exactly as the product page prices them (a
 * magazine shows its items this way). SKUs not on offer right now are absent from the map.
 */
export async function liveOffersOfSkus(
  db: DbOrTx,
  skuIds: readonly number[],
  at: Date = now(),
): Promise<Map<number, ProductOffer>> {
  if (skuIds.length === 0) return new Map()
  return liveOffersWhere(
    db,
    sql`s.id in (${sql.join(
      skuIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    at,
  )
}

/**
 * The live offer rows (one per valid tier) of the SKUs `where` picks, unordered: callers order them
 * by SKU, minimum quantity and price id (`offersFromRows` needs that order).
 */
function liveOfferRows(where: SQL, at: Date): SQL {
  const when = at.toISOString()
  return sql`
      select s.id as sku_id, s.sku, s.remaining_quantity, s.always_available, s.pieces_per_pack,
        st.slug as store_slug, st.name as store_name, st.name_fa as store_name_fa, st.city as store_city,
        se.id as seller_id, se.display_name as seller_name, se.display_name_fa as seller_name_fa,
        p.unit_price, p.offer_price, p.price_per_piece, p.min_quantity, p.valid_from, p.valid_to, p.id as price_id
      from skus s
      join stores st on st.id = s.store_id and st.status = 'active'
      join sellers se on se.id = st.seller_id and se.status = 'approved'
      join prices p on p.sku_id = s.id and p.valid_from <= ${when}::timestamptz
        and (p.valid_to is null or ${when}::timestamptz < p.valid_to)
      where ${where} and s.status = 'active'
    `
}

async function liveOffersWhere(db: DbOrTx, where: SQL, at: Date): Promise<Map<number, ProductOffer>> {
  const rows = await selectRows<OfferRow>(
    db,
    sql`select * from (${liveOfferRows(where, at)}) o order by o.sku_id, o.min_quantity, o.price_id`,
  )
  return offersFromRows(rows)
}

/** Offers from their tier rows, ordered by SKU, minimum quantity and price id. */
function offersFromRows(rows: readonly OfferRow[]): Map<number, ProductOffer> {
  const offers = new Map<number, ProductOffer>()
  for (const row of rows) {
    const tier: PriceTier = {
      minQuantity: Number(row.min_quantity),
      unitPrice: Number(row.unit_price),
      offerPrice: Number(row.offer_price),
      pricePerPiece: Number(row.price_per_piece),
      validFrom: iso(row.valid_from),
      validTo: row.valid_to === null ? null : iso(row.valid_to),
    }
    const existing = offers.get(Number(row.sku_id))
    if (existing) {
      // Two valid tiers with the same minimum: the cheaper one applies (and was sorted first).
      const same = existing.tiers.find((t) => t.minQuantity === tier.minQuantity)
      if (!same) existing.tiers.push(tier)
      else if (effectivePrice(tier) < effectivePrice(same))
        existing.tiers.splice(existing.tiers.indexOf(same), 1, tier)
      continue
    }
    offers.set(Number(row.sku_id), {
      sku: row.sku,
      storeName: textInLocale(row.store_name, row.store_name_fa),
      storeSlug: row.store_slug,
      storeCity: cityInLocale(row.store_city),
      sellerId: Number(row.seller_id),
      sellerName: textInLocale(row.seller_name, row.seller_name_fa),
      unitPrice: tier.unitPrice,
      offerPrice: tier.offerPrice,
      pricePerPiece: tier.pricePerPiece,
      minQuantity: tier.minQuantity,
      alwaysAvailable: Boolean(row.always_available),
      remainingQuantity: Number(row.remaining_quantity),
      piecesPerPack: Number(row.pieces_per_pack),
      tiers: [tier],
    })
  }
  // The entry tier may have been replaced by a cheaper tier of the same minimum quantity.
  for (const [id, offer] of offers) {
    const entry = offer.tiers[0]!
    offers.set(id, {
      ...offer,
      unitPrice: entry.unitPrice,
      offerPrice: entry.offerPrice,
      pricePerPiece: entry.pricePerPiece,
      minQuantity: entry.minQuantity,
    })
  }
  return offers
}

/** The public product page: null when there is no active product with this slug. */
export async function getProductDetail(db: DbOrTx, slug: string): Promise<ProductDetail | null> {
  const [[product], categories] = await Promise.all([
    selectRows<{
      id: number
      slug: string
      name: string
      name_fa: string | null
      description: string
      unit: string
      unit_fa: string | null
      category_id: number
      brand_slug: string | null
      brand_name: string | null
      brand_name_fa: string | null
      photos: { url: string; alt: string }[]
      attributes: { key: string; value: string }[]
      offers: OfferRow[]
    }>(
      db,
      // Photos, attributes and live offers come with the product: one round trip to the database
      // instead of four (each a write and a read on a socket, and a wait).
      sql`
      select pr.id, pr.slug, pr.name, pr.name_fa, pr.description, pr.unit, pr.unit_fa, pr.category_id,
        b.slug as brand_slug, b.name as brand_name, b.name_fa as brand_name_fa,
        coalesce((select json_agg(json_build_object('url', ph.url, 'alt', ph.alt) order by ph.position, ph.id)
          from product_photos ph where ph.product_id = pr.id), '[]'::json) as photos,
        coalesce((select json_agg(json_build_object('key', a.key, 'value', a.value) order by a.position, a.id)
          from product_attributes a where a.product_id = pr.id), '[]'::json) as attributes,
        coalesce((select json_agg(o order by o.sku_id, o.min_quantity, o.price_id)
          from (${liveOfferRows(sql`s.product_id = pr.id`, now())}) o), '[]'::json) as offers
      from products pr left join brands b on b.id = pr.brand_id and b.status = 'approved'
      where pr.slug = ${slug} and pr.status = 'active' and pr.review_state <> 'hidden'
    `,
    ),
    loadCategoryIndex(db),
  ])
  if (!product) return null
  const id = Number(product.id)
  const offers = cheapestFirst(offersFromRows(product.offers))
  const { photos, attributes } = product
  const cheapest = offers[0]
  return {
    id,
    slug: product.slug,
    name: product.name,
    nameFa: product.name_fa,
    description: product.description,
    unit: product.unit,
    unitFa: product.unit_fa,
    brand:
      product.brand_slug && product.brand_name
        ? {
            slug: product.brand_slug,
            name: (currentLocale() === 'fa' && product.brand_name_fa) || product.brand_name,
          }
        : null,
    categoryTrail: trailOf(categories, Number(product.category_id)),
    photos,
    attributes,
    offers,
    lowestPrice: cheapest ? effectivePrice(cheapest) : null,
    listPrice: cheapest && cheapest.offerPrice > 0 ? cheapest.unitPrice : null,
    moq: offers.length ? Math.min(...offers.map((o) => o.minQuantity)) : null,
    inStock: offers.some((o) => o.alwaysAvailable || o.remainingQuantity > 0),
  }
}
