import '@tanstack/react-start/server-only'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { days, now } from '~/server/clock.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { basketFillKeys, cartItems, carts, skus, stores } from '~/server/db/schema'
import { HttpError, fieldError, notFound } from '~/server/http/api-errors.server'
import { plainNumber } from '~/lib/plain-number'
import { m } from '~/lib/messages'
import { readBasket } from './basket-read.server'
import {
  BASKET_FULL,
  MAX_BASKET_ITEMS,
  MAX_QUANTITY,
  type AddItemInput,
  type ServerCart,
} from './basket.schemas'

/**
 * The signed-in basket's writes (spec §4, §7). Each is one transaction, and each touches only the
 * caller's own carts: an item id of another buyer is answered exactly like an unknown one (404).
 */

export const ITEM_NOT_FOUND = () => m.buyer_basket_item_not_found()
export const NOT_ON_OFFER = () => m.buyer_basket_not_on_offer()
export const UNKNOWN_SKU = () => m.buyer_basket_unknown_sku()
export const TOO_MANY = () => m.buyer_basket_too_many({ max: plainNumber(MAX_QUANTITY) })

export interface AddedItem {
  id: number
  cart_id: number
  sku: string
  quantity: number
}

/** The buyer's cart for a seller, created when absent. The upsert also locks the row. */
export async function cartFor(tx: DbOrTx, userId: number, sellerId: number): Promise<number> {
  const [cart] = await tx
    .insert(carts)
    .values({ buyerUserId: userId, sellerId })
    .onConflictDoUpdate({ target: [carts.buyerUserId, carts.sellerId], set: { updatedAt: now() } })
    .returning({ id: carts.id })
  return cart!.id
}

/** Serialises one buyer's basket changes that add lines, so the item cap holds under concurrency. */
export async function lockBasket(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`basket:${userId}`}))`)
}

/**
 * POST /cart/b2b/cart-items: adds to the quantity when the SKU is already in the basket. After the
 * buyer's basket lock, one statement: the SKU must be on offer now (active SKU, store, seller and
 * product, and a valid tier); the seller's cart is created when absent; the line is inserted or
 * grown, unless that would pass the quantity limit or a new line the item cap (then nothing comes
 * back and nothing was written, as the only other write, the cart's touch, happens on an existing
 * cart).
 */
export async function addItem(db: Db, userId: number, input: AddItemInput): Promise<AddedItem> {
  const at = now()
  const when = at.toISOString()
  const [row] = await db.transaction(async (tx) => {
    await lockBasket(tx, userId)
    return selectRows<{
      offered: boolean
      id: number | null
      cart_id: number | null
      quantity: number | null
      basket_full: boolean
    }>(
      tx,
      sql`
      with offer as (
        select s.id as sku_id, st.seller_id
        from skus s
        join stores st on st.id = s.store_id and st.status = 'active'
        join sellers se on se.id = st.seller_id and se.status = 'approved'
        join products p on p.id = s.product_id and p.status = 'active'
        where s.sku = ${input.sku} and s.status = 'active'
          and exists (
            select 1 from prices pr where pr.sku_id = s.id and pr.valid_from <= ${when}::timestamptz
              and (pr.valid_to is null or ${when}::timestamptz < pr.valid_to)
          )
      ),
      cart as (
        insert into carts (buyer_user_id, seller_id)
        select ${userId}::int, seller_id from offer
        on conflict (buyer_user_id, seller_id) do update set updated_at = ${when}::timestamptz
        returning id
      ),
      held as (
        select exists (
          select 1 from cart_items ci join carts c on c.id = ci.cart_id
          join offer on true
          where c.buyer_user_id = ${userId}::int and ci.sku_id = offer.sku_id
        ) as has_line,
        (select count(*) from cart_items ci join carts c on c.id = ci.cart_id
          where c.buyer_user_id = ${userId}::int) >= ${MAX_BASKET_ITEMS} as is_full
      ),
      item as (
        insert into cart_items (cart_id, sku_id, quantity)
        select cart.id, offer.sku_id, ${input.quantity}::int from cart, offer, held
        where held.has_line or not held.is_full
        on conflict (cart_id, sku_id) do update
          set quantity = cart_items.quantity + excluded.quantity, updated_at = ${when}::timestamptz
          where cart_items.quantity + excluded.quantity <= ${MAX_QUANTITY}
        returning id, cart_id, quantity
      )
      select exists (select 1 from offer) as offered, item.id, item.cart_id, item.quantity,
        (select is_full and not has_line from held) as basket_full
      from (select 1) one left join item on true
    `,
    )
  })
  if (!row?.offered) throw fieldError('sku', NOT_ON_OFFER())
  if (row.id === null)
    throw row.basket_full ? fieldError('sku', BASKET_FULL()) : fieldError('quantity', TOO_MANY())
  return { id: Number(row.id), cart_id: Number(row.cart_id), sku: input.sku, quantity: Number(row.quantity) }
}

/** The caller's item and its cart, with the cart row locked against a concurrent add or removal. */
async function lockOwnItem(tx: DbOrTx, userId: number, itemId: number): Promise<{ cartId: number }> {
  const [row] = await tx
    .select({ cartId: carts.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), eq(carts.buyerUserId, userId)))
    .for('update', { of: carts })
  if (!row) throw notFound(ITEM_NOT_FOUND())
  return row
}

/** DELETE /cart/b2b/cart-items/{id}: a cart left without items is removed with it. */
export async function removeItem(db: Db, userId: number, itemId: number): Promise<{ cartRemoved: boolean }> {
  return db.transaction(async (tx) => {
    const { cartId } = await lockOwnItem(tx, userId, itemId)
    await tx.delete(cartItems).where(eq(cartItems.id, itemId))
    const removed = await tx
      .delete(carts)
      .where(and(eq(carts.id, cartId), sql`not exists (select 1 from cart_items where cart_id = ${cartId})`))
      .returning({ id: carts.id })
    return { cartRemoved: removed.length > 0 }
  })
}

/** PATCH /cart/b2b/cart-items/{id}/quantity: sets the quantity. */
export async function setItemQuantity(
  db: Db,
  userId: number,
  itemId: number,
  quantity: number,
): Promise<AddedItem> {
  return db.transaction(async (tx) => {
    const { cartId } = await lockOwnItem(tx, userId, itemId)
    const [item] = await tx
      .update(cartItems)
      .set({ quantity, updatedAt: now() })
      .where(eq(cartItems.id, itemId))
      .returning({ id: cartItems.id, skuId: cartItems.skuId, quantity: cartItems.quantity })
    const [sku] = await tx.select({ sku: skus.sku }).from(skus).where(eq(skus.id, item!.skuId))
    return { id: item!.id, cart_id: cartId, sku: sku!.sku, quantity: item!.quantity }
  })
}

export interface FillResult {
  /** True when this idempotency key was seen before: nothing was added this time. */
  replayed: boolean
  basket: ServerCart[]
}

/**
 * POST /cart/b2b/basket/fill: merges a guest's items into the server basket in one transaction.
 * Quantities of the same SKU add up (capped at the limit rather than refused, so that a merge after
 * sign-in cannot fail forever). A SKU that exists but is no longer on offer is still merged: the
 * basket then shows it as unavailable instead of the guest's choice silently vanishing.
 */
export async function fillBasket(
  db: Db,
  userId: number,
  items: AddItemInput[],
  idempotencyKey: string | null,
): Promise<FillResult> {
  const replayed = await db.transaction(async (tx) => {
    if (idempotencyKey) {
      // A concurrent retry with the same key waits here on the primary key, then finds it taken.
      const stored = await tx
        .insert(basketFillKeys)
        .values({ userId, key: idempotencyKey })
        .onConflictDoNothing()
        .returning({ key: basketFillKeys.key })
      if (stored.length === 0) return true
    }
    const wanted = new Map<string, number>()
    for (const item of items) wanted.set(item.sku, (wanted.get(item.sku) ?? 0) + item.quantity)
    const found = await tx
      .select({ id: skus.id, sku: skus.sku, sellerId: stores.sellerId })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .where(inArray(skus.sku, [...wanted.keys()]))
    const bySku = new Map(found.map((row) => [row.sku, row]))
    const unknown = items.flatMap((item, index) => (bySku.has(item.sku) ? [] : [index]))
    if (unknown.length) {
      const errors = Object.fromEntries(unknown.map((index) => [`items.${index}.sku`, [UNKNOWN_SKU()]]))
      throw new HttpError(422, UNKNOWN_SKU(), errors)
    }
    await lockBasket(tx, userId)
    const cartIds = new Map<number, number>()
    // Carts are locked in seller order, so two fills for one buyer cannot deadlock each other.
    const sellerIds = [...new Set(found.map((row) => row.sellerId))].sort((a, b) => a - b)
    for (const sellerId of sellerIds) cartIds.set(sellerId, await cartFor(tx, userId, sellerId))
    await tx
      .insert(cartItems)
      .values(
        [...wanted].map(([sku, quantity]) => {
          const row = bySku.get(sku)!
          return {
            cartId: cartIds.get(row.sellerId)!,
            skuId: row.id,
            quantity: Math.min(quantity, MAX_QUANTITY),
          }
        }),
      )
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.skuId],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`,
          updatedAt: now(),
        },
      })
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.buyerUserId, userId))
    // All or nothing: the merge is refused whole, and the guest's items stay on the device.
    if (held!.n > MAX_BASKET_ITEMS) throw new HttpError(422, BASKET_FULL(), { items: [BASKET_FULL()] })
    return false
  })
  return { replayed, basket: await readBasket(db, userId) }
}

/**
 * How long a fill's idempotency key is kept. A guest basket is merged right after sign-in and a
 * client retries within minutes, so a week is far beyond any retry while keeping the table small.
 */
export const FILL_KEY_RETENTION_MS = days(7)

/** Deletes fill idempotency keys older than the retention (run periodically by the job worker). */
export async function pruneFillKeys(db: DbOrTx): Promise<number> {
  const cutoff = new Date(now().getTime() - FILL_KEY_RETENTION_MS)
  const removed = await db
    .delete(basketFillKeys)
    .where(lt(basketFillKeys.createdAt, cutoff))
    .returning({ key: basketFillKeys.key })
  return removed.length
}
