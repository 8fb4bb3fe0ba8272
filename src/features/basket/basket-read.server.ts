import '@tanstack/react-start/server-only'
import { eq, sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { cartItems, carts, products, sellers, skus, stores } from '~/server/db/schema'
import { priceLineOrQuoted } from './basket-pricing.server'
import { firstPhotoUrl, parseQuoted, parseTiers, quotedPriceJson, validTiersJson } from './basket-sql.server'
import type { ServerBasketItem, ServerCart } from './basket.schemas'

/**
 * Reads a buyer's basket in the spec's shape (§3 "Server basket response"), priced at read time:
 * one query for every cart, item, product, first photo and the SKU's currently valid tiers.
 */

/** One row per basket line, with everything the response needs (see `basketQuery`). */
type ItemRow = Awaited<ReturnType<ReturnType<typeof basketQuery>['execute']>>[number]

function toItem(row: ItemRow): ServerBasketItem {
  const quantity = Number(row.quantity)
  const tiers = parseTiers(row.tiers)
  const price = priceLineOrQuoted(tiers, quantity, parseQuoted(row.quoted))
  const offered = Boolean(row.skuOk && row.storeOk && row.sellerOk && row.productOk)
  const alwaysAvailable = Boolean(row.alwaysAvailable)
  const remaining = Number(row.remainingQuantity)
  return {
    id: Number(row.itemId),
    sku: row.sku,
    store_name: textInLocale(row.storeName, row.storeNameFa),
    quantity,
    unit_price: price?.unitPrice ?? 0,
    price_min_quantity: price?.priceMinQuantity ?? 1,
    price_per_piece: price?.pricePerPiece ?? 0,
    product: {
      id: Number(row.productId),
      // In the reader's language (the Persian name in fa when the product has one), like the store's.
      name: textInLocale(row.productName, row.productNameFa),
      slug: row.productSlug,
      photos: row.photoUrl ? [{ url: row.photoUrl }] : [],
      in_stock: alwaysAvailable || remaining > 0,
      brand: row.brandName ? { brand: row.brandName } : null,
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
    id: Number(first.cartId),
    seller_id: Number(first.sellerId),
    seller_name: textInLocale(first.sellerName, first.sellerNameFa),
    items,
    items_count: items.length,
    total_amount: buyable.reduce((sum, i) => sum + i.unit_price * i.quantity, 0),
    total_effective_amount: buyable.reduce((sum, i) => sum + i.effective_amount * i.quantity, 0),
  }
}

/**
 * The basket query, prepared: it runs on every basket read (after each change, too), and its plan
 * (six joins and three correlated subqueries) costs more to make than to run.
 */
function basketQuery(db: DbOrTx) {
  const at = sql.placeholder('at')
  return db
    .select({
      cartId: carts.id,
      sellerId: carts.sellerId,
      sellerName: sellers.displayName,
      sellerNameFa: sellers.displayNameFa,
      sellerOk: sql<boolean>`${sellers.status} = 'approved'`,
      itemId: cartItems.id,
      quantity: cartItems.quantity,
      sku: skus.sku,
      skuOk: sql<boolean>`${skus.status} = 'active'`,
      remainingQuantity: skus.remainingQuantity,
      alwaysAvailable: skus.alwaysAvailable,
      storeName: stores.name,
      storeNameFa: stores.nameFa,
      storeOk: sql<boolean>`${stores.status} = 'active'`,
      productId: products.id,
      productName: products.name,
      productNameFa: products.nameFa,
      productSlug: products.slug,
      productOk: sql<boolean>`${products.status} = 'active'`,
      brandName: sql<string | null>`(select b.name from brands b where b.id = ${products.brandId})`,
      photoUrl: firstPhotoUrl(products.id),
      tiers: validTiersJson(skus.id, at),
      quoted: quotedPriceJson(carts.buyerUserId, skus.id, cartItems.quantity, at),
    })
    .from(carts)
    .innerJoin(sellers, eq(sellers.id, carts.sellerId))
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(carts.buyerUserId, sql.placeholder('userId')))
    .orderBy(carts.id, cartItems.id)
    .prepare('basket_read')
}

const prepared = new WeakMap<DbOrTx, ReturnType<typeof basketQuery>>()

export async function readBasket(db: DbOrTx, userId: number, at: Date = now()): Promise<ServerCart[]> {
  let query = prepared.get(db)
  if (!query) prepared.set(db, (query = basketQuery(db)))
  const rows = await query.execute({ userId, at: at.toISOString() })
  const carts: ServerCart[] = []
  let group: ItemRow[] = []
  const flush = () => {
    if (group.length) carts.push(toCart(group[0]!, group.map(toItem)))
    group = []
  }
  for (const row of rows) {
    if (group.length && Number(group[0]!.cartId) !== Number(row.cartId)) flush()
    group.push(row)
  }
  flush()
  return carts
}
