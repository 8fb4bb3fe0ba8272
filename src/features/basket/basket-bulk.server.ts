import '@tanstack/react-start/server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { now } from '~/server/clock.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { cartItems, carts, products, sellers, skus, stores } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { m } from '~/lib/messages'
import { priceLine } from './basket-pricing.server'
import { parseTiers, validTiersJson } from './basket-sql.server'
import { BASKET_FULL, MAX_BASKET_ITEMS, MAX_QUANTITY } from './basket.schemas'
import { NOT_ON_OFFER, TOO_MANY, cartFor, lockBasket } from './basket.server'

/**
 * Many lines into the basket in one transaction (issue #41): reorder, quick order and saved lists
 * share it. All lines go in or none: a line whose SKU is not on offer, whose price is not the one
 * the buyer was shown, or that would pass the quantity limit or the basket's item cap refuses the
 * whole request. What was added comes back so that `removeAddedLines` can take exactly that out.
 */

export interface BulkLine {
  sku: string
  quantity: number
  /** The per-unit price (after offer) the buyer was shown; a different price now refuses the add. */
  expectedUnitPrice?: number | null
}

export interface AddedLine {
  sku: string
  quantity: number
}

/** Field errors keyed like the input (`lines.3.sku`), so a form can show each beside its line. */
const refuse = (errors: Record<string, string[]>) => new HttpError(422, Object.values(errors)[0]![0]!, errors)

export async function addLines(db: Db, userId: number, lines: readonly BulkLine[]): Promise<AddedLine[]> {
  if (lines.length === 0) return []
  const when = now().toISOString()
  return db.transaction(async (tx) => {
    await lockBasket(tx, userId)
    const codes = [...new Set(lines.map((line) => line.sku))]
    const offered = await tx
      .select({ id: skus.id, sku: skus.sku, sellerId: stores.sellerId, tiers: validTiersJson(skus.id, when) })
      .from(skus)
      .innerJoin(stores, and(eq(stores.id, skus.storeId), eq(stores.status, 'active')))
      .innerJoin(sellers, and(eq(sellers.id, stores.sellerId), eq(sellers.status, 'approved')))
      .innerJoin(products, and(eq(products.id, skus.productId), eq(products.status, 'active')))
      .where(and(inArray(skus.sku, codes), eq(skus.status, 'active')))
    const bySku = new Map(offered.map((row) => [row.sku, { ...row, tiers: parseTiers(row.tiers) }]))
    const errors: Record<string, string[]> = {}
    lines.forEach((line, index) => {
      const offer = bySku.get(line.sku)
      const price = offer ? priceLine(offer.tiers, line.quantity) : null
      if (!offer || !price) errors[`lines.${index}.sku`] = [NOT_ON_OFFER()]
      else if (line.expectedUnitPrice != null && price.effectiveAmount !== line.expectedUnitPrice)
        errors[`lines.${index}.quantity`] = [m.reorder_price_changed({ sku: line.sku })]
    })
    if (Object.keys(errors).length) throw refuse(errors)

    const wanted = new Map<string, number>()
    for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity)
    const cartIds = new Map<number, number>()
    // Carts in seller order, as the fill takes them, so two adds of one buyer cannot deadlock.
    const sellerIds = [...new Set(offered.map((row) => row.sellerId))].sort((a, b) => a - b)
    for (const sellerId of sellerIds) cartIds.set(sellerId, await cartFor(tx, userId, sellerId))
    const written = await tx
      .insert(cartItems)
      .values(
        [...wanted].map(([sku, quantity]) => {
          const offer = bySku.get(sku)!
          return { cartId: cartIds.get(offer.sellerId)!, skuId: offer.id, quantity }
        }),
      )
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.skuId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: now() },
      })
      .returning({ skuId: cartItems.skuId, quantity: cartItems.quantity })
    const tooMany = written.find((row) => row.quantity > MAX_QUANTITY)
    if (tooMany) {
      const code = offered.find((row) => row.id === tooMany.skuId)!.sku
      const index = lines.findIndex((line) => line.sku === code)
      throw refuse({ [`lines.${index}.quantity`]: [TOO_MANY()] })
    }
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.buyerUserId, userId))
    if (Number(held!.n) > MAX_BASKET_ITEMS) throw refuse({ lines: [BASKET_FULL()] })
    return [...wanted].map(([sku, quantity]) => ({ sku, quantity }))
  })
}

/**
 * Undoes an `addLines`: takes each line's added quantity off the caller's basket line of that SKU,
 * removing the line when nothing of it is left and a seller's cart left empty. Lines the buyer has
 * since removed are skipped. One transaction; only the caller's own carts are touched.
 */
export async function removeAddedLines(
  db: Db,
  userId: number,
  lines: readonly AddedLine[],
): Promise<{ removed: number; reduced: number }> {
  if (lines.length === 0) return { removed: 0, reduced: 0 }
  const wanted = new Map<string, number>()
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity)
  const values = sql.join(
    [...wanted].map(([sku, quantity]) => sql`(${sku}::text, ${quantity}::int)`),
    sql`, `,
  )
  const when = now().toISOString()
  return db.transaction(async (tx) => {
    await lockBasket(tx, userId)
    const rows = await selectRows<{ kind: string; cart_id: number }>(
      tx,
      sql`
      with taken (sku, quantity) as (values ${values}),
      mine as (
        select ci.id, ci.cart_id, ci.quantity - taken.quantity as left_over
        from cart_items ci
        join carts c on c.id = ci.cart_id and c.buyer_user_id = ${userId}::int
        join skus s on s.id = ci.sku_id
        join taken on taken.sku = s.sku
      ),
      gone as (
        delete from cart_items where id in (select id from mine where left_over <= 0) returning cart_id
      ),
      kept as (
        update cart_items ci set quantity = mine.left_over, updated_at = ${when}::timestamptz
        from mine where ci.id = mine.id and mine.left_over > 0
        returning ci.cart_id
      )
      select 'gone' as kind, cart_id from gone
      union all select 'kept' as kind, cart_id from kept
    `,
    )
    const emptied = [...new Set(rows.filter((r) => r.kind === 'gone').map((r) => Number(r.cart_id)))]
    if (emptied.length)
      await tx
        .delete(carts)
        .where(
          and(
            inArray(carts.id, emptied),
            eq(carts.buyerUserId, userId),
            sql`not exists (select 1 from cart_items where cart_id = ${carts.id})`,
          ),
        )
    return {
      removed: rows.filter((r) => r.kind === 'gone').length,
      reduced: rows.filter((r) => r.kind === 'kept').length,
    }
  })
}
