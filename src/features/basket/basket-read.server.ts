import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { priceLine, type Tier } from './basket-pricing.server'
import type { ServerBasketItem, ServerCart } from './basket.schemas'

/**
 * Reads a buyer's basket in the spec's shape (§3 "Server basket response"), priced at read time:
 * one query for every cart, item, product, first photo and the SKU's currently valid tiers.
 */

interface ItemRow {
  cart_id: number
  seller_id: number
  seller_name: string
  seller_ok: boolean
  item_id: number
  quantity: number
  sku: string
  sku_ok: boolean
  remaining_quantity: number
  always_available: boolean
  store_name: string
  store_ok: boolean
  product_id: number
  product_name: string
  product_slug: string
  product_ok: boolean
  brand_name: string | null
  photo_url: string | null
  tiers: unknown
}

interface TierJson {
  minQuantity: number | string
  unitPrice: number | string
  offerPrice: number | string
  pricePerPiece: number | string
  validFrom: string
  validTo: string | null
}

const iso = (value: string) => new Date(value).toISOString()

/** PGlite and postgres-js both parse json, but a driver setting can leave it a string. */
function tiersOf(raw: unknown): Tier[] {
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

function toItem(row: ItemRow): ServerBasketItem {
  const quantity = Number(row.quantity)
  const tiers = tiersOf(row.tiers)
  const price = priceLine(tiers, quantity)
  const offered = Boolean(row.sku_ok && row.store_ok && row.seller_ok && row.product_ok)
  const alwaysAvailable = Boolean(row.always_available)
  const remaining = Number(row.remaining_quantity)
  return {
    id: Number(row.item_id),
    sku: row.sku,
    store_name: row.store_name,
    quantity,
    unit_price: price?.unitPrice ?? 0,
    price_min_quantity: price?.priceMinQuantity ?? 1,
    price_per_piece: price?.pricePerPiece ?? 0,
    product: {
      id: Number(row.product_id),
      name: row.product_name,
      slug: row.product_slug,
      photos: row.photo_url ? [{ url: row.photo_url }] : [],
      in_stock: alwaysAvailable || remaining > 0,
      brand: row.brand_name ? { brand: row.brand_name } : null,
    },
    always_available: alwaysAvailable,
    remaining_quantity: remaining,
    has_discount: price?.hasDiscount ?? false,
    effective_amount: price?.effectiveAmount ?? 0,
    effective_unit_price: price?.effectiveAmount ?? 0,
    validity: price?.validity ?? null,
    available: offered && price !== null,
  }
}

/** Totals count only what can be bought; items_count is every distinct item shown. */
function toCart(first: ItemRow, items: ServerBasketItem[]): ServerCart {
  const buyable = items.filter((i) => i.available)
  return {
    id: Number(first.cart_id),
    seller_id: Number(first.seller_id),
    seller_name: first.seller_name,
    items,
    items_count: items.length,
    total_amount: buyable.reduce((sum, i) => sum + i.unit_price * i.quantity, 0),
    total_effective_amount: buyable.reduce((sum, i) => sum + i.effective_amount * i.quantity, 0),
  }
}

export async function readBasket(db: DbOrTx, userId: number, at: Date = now()): Promise<ServerCart[]> {
  const when = at.toISOString()
  const rows = await selectRows<ItemRow>(
    db,
    sql`
      select c.id as cart_id, c.seller_id, se.display_name as seller_name, se.status = 'approved' as seller_ok,
        i.id as item_id, i.quantity, s.sku, s.status = 'active' as sku_ok, s.remaining_quantity,
        s.always_available, st.name as store_name, st.status = 'active' as store_ok,
        p.id as product_id, p.name as product_name, p.slug as product_slug, p.status = 'active' as product_ok,
        b.name as brand_name, ph.url as photo_url, t.tiers
      from carts c
      join sellers se on se.id = c.seller_id
      join cart_items i on i.cart_id = c.id
      join skus s on s.id = i.sku_id
      join stores st on st.id = s.store_id
      join products p on p.id = s.product_id
      left join brands b on b.id = p.brand_id
      left join lateral (
        select pp.url from product_photos pp where pp.product_id = p.id order by pp.position, pp.id limit 1
      ) ph on true
      left join lateral (
        select json_agg(json_build_object(
          'minQuantity', pr.min_quantity, 'unitPrice', pr.unit_price, 'offerPrice', pr.offer_price,
          'pricePerPiece', pr.price_per_piece, 'validFrom', pr.valid_from, 'validTo', pr.valid_to
        )) as tiers
        from prices pr
        where pr.sku_id = s.id and pr.valid_from <= ${when}::timestamptz
          and (pr.valid_to is null or ${when}::timestamptz < pr.valid_to)
      ) t on true
      where c.buyer_user_id = ${userId}
      order by c.id, i.id
    `,
  )
  const carts: ServerCart[] = []
  let group: ItemRow[] = []
  const flush = () => {
    if (group.length) carts.push(toCart(group[0]!, group.map(toItem)))
    group = []
  }
  for (const row of rows) {
    if (group.length && Number(group[0]!.cart_id) !== Number(row.cart_id)) flush()
    group.push(row)
  }
  flush()
  return carts
}
