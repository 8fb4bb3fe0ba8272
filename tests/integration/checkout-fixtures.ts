/**
 * Shared helpers for the checkout tests: buyers with a session, carts filled straight in the
 * database, offers from the basket fixtures, and the counts that prove "nothing was created".
 */
import { count, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { createAddress } from '~/features/addresses/addresses.server'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { cartItems, carts, orders, skus, stores } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { createUser } from '../factories/create'
import { signInAs } from './auth-fixtures'

export interface Buyer {
  userId: number
  auth: AuthContext
}

export async function createBuyer(db: Db): Promise<Buyer> {
  const user = await createUser(db)
  const session = await signInAs(db, user.id)
  return { userId: user.id, auth: (await authenticateAccessToken(db, session.accessToken, 'cookie'))! }
}

/** Puts SKUs in the buyer's basket (one cart per seller, as the basket does); returns the cart ids by seller. */
export async function fillCart(
  db: Db,
  buyer: Buyer,
  lines: { skuId: number; quantity: number }[],
): Promise<{ cartIds: Map<number, number>; itemIds: Map<number, number> }> {
  const cartIds = new Map<number, number>()
  const itemIds = new Map<number, number>()
  for (const line of lines) {
    const [sku] = await db
      .select({ sellerId: stores.sellerId })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .where(eq(skus.id, line.skuId))
    let cartId = cartIds.get(sku!.sellerId)
    if (!cartId) {
      const [cart] = await db
        .insert(carts)
        .values({ buyerUserId: buyer.userId, sellerId: sku!.sellerId })
        .onConflictDoUpdate({ target: [carts.buyerUserId, carts.sellerId], set: { updatedAt: new Date() } })
        .returning({ id: carts.id })
      cartId = cart!.id
      cartIds.set(sku!.sellerId, cartId)
    }
    const [item] = await db
      .insert(cartItems)
      .values({ cartId, skuId: line.skuId, quantity: line.quantity })
      .returning({ id: cartItems.id })
    itemIds.set(line.skuId, item!.id)
  }
  return { cartIds, itemIds }
}

export async function addressOf(db: Db, buyer: Buyer) {
  return createAddress(db, buyer.auth, {
    title: 'Warehouse',
    province: 'Tehran',
    city: 'Tehran',
    street: 'No. 12, Azadi St',
    postal_code: '1234567890',
    receiver_name: 'Sara Ahmadi',
    receiver_phone: '+989121234567',
    is_default: true,
  })
}

export async function ordersOf(db: Db, buyer: Buyer): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.buyerUserId, buyer.userId))
  return row?.n ?? 0
}

export async function remainingOf(db: Db, skuId: number): Promise<number> {
  const [row] = await db.select({ n: skus.remainingQuantity }).from(skus).where(eq(skus.id, skuId))
  return row!.n
}

export async function itemQuantities(db: Db, buyer: Buyer): Promise<Record<number, number>> {
  const rows = await db
    .select({ skuId: cartItems.skuId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.buyerUserId, buyer.userId))
  return Object.fromEntries(rows.map((r) => [r.skuId, r.quantity]))
}

/** The HttpError a call threw (fails the test when it did not throw one). */
export async function failureOf(run: () => Promise<unknown>): Promise<HttpError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  expect.fail('expected the call to fail')
}

let keys = 0
export const newKey = () => `test-key-${Date.now()}-${++keys}-${Math.random().toString(36).slice(2, 10)}`
