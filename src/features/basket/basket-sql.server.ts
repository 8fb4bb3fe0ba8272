import '@tanstack/react-start/server-only'
import { sql, type SQLWrapper } from 'drizzle-orm'
import type { QuotedPrice, Tier } from './basket-pricing.server'

/**
 * SQL pieces the basket read and the checkout read share: both price lines live from the SKU's
 * tiers valid at one moment and show the product's first photo.
 */

/** A SKU's tiers valid at `at`, as a json array (null when none); parse it with `parseTiers`. */
export const validTiersJson = (skuId: SQLWrapper, at: SQLWrapper | string) => sql<unknown>`(
  select json_agg(json_build_object(
    'minQuantity', pr.min_quantity, 'unitPrice', pr.unit_price, 'offerPrice', pr.offer_price,
    'pricePerPiece', pr.price_per_piece, 'validFrom', pr.valid_from, 'validTo', pr.valid_to
  ))
  from prices pr
  where pr.sku_id = ${skuId} and pr.valid_from <= ${at}::timestamptz
    and (pr.valid_to is null or ${at}::timestamptz < pr.valid_to)
)`

/** The url of a product's first photo (lowest position), or null. */
export const firstPhotoUrl = (productId: SQLWrapper) => sql<string | null>`(
  select pp.url from product_photos pp where pp.product_id = ${productId} order by pp.position, pp.id limit 1
)`

interface TierJson {
  minQuantity: number | string
  unitPrice: number | string
  offerPrice: number | string
  pricePerPiece: number | string
  validFrom: string
  validTo: string | null
}

const iso = (value: string) => new Date(value).toISOString()

/** Drivers differ: json may arrive parsed or as text, and bigint inside json as a string. */
export function parseTiers(raw: unknown): Tier[] {
  const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as TierJson[] | null
  return (list ?? []).map((t) => ({
    minQuantity: Number(t.minQuantity),
    unitPrice: Number(t.unitPrice),
    offerPrice: Number(t.offerPrice),
    pricePerPiece: Number(t.pricePerPiece),
    validFrom: iso(t.validFrom),
    validTo: t.validTo === null ? null : iso(t.validTo),
  }))
}

/**
 * The buyer's quoted price for a SKU at exactly this quantity, locked by an accepted quote and
 * still valid at `at` (issue #40), as json (null when none); parse it with `parseQuoted`.
 */
export const quotedPriceJson = (
  buyerUserId: SQLWrapper,
  skuId: SQLWrapper,
  quantity: SQLWrapper,
  at: SQLWrapper | string,
) => sql<unknown>`(
  select json_build_object('unitPrice', qp.unit_price, 'validUntil', qp.valid_until)
  from quoted_prices qp
  where qp.buyer_user_id = ${buyerUserId} and qp.sku_id = ${skuId} and qp.quantity = ${quantity}
    and ${at}::timestamptz < qp.valid_until
  order by qp.unit_price, qp.id
  limit 1
)`

export function parseQuoted(raw: unknown): QuotedPrice | null {
  const value = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    unitPrice: number | string
    validUntil: string
  } | null
  return value ? { unitPrice: Number(value.unitPrice), validUntil: iso(value.validUntil) } : null
}
