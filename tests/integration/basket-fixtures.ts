/**
 * Shared helpers for the basket API tests: signed-in requests to the real route handlers, a
 * catalogue of live offers from two sellers, and response parsing against the spec's schemas.
 */
import * as v from 'valibot'
import { expect } from 'vitest'
import { basketResponseSchema, type ServerCart } from '~/features/basket/basket.schemas'
import type { Db } from '~/server/db/client.server'
import { Route as basketRoute } from '~/routes/api/cart/b2b/basket/index'
import { Route as fillRoute } from '~/routes/api/cart/b2b/basket/fill'
import { Route as addRoute } from '~/routes/api/cart/b2b/cart-items/index'
import { Route as removeRoute } from '~/routes/api/cart/b2b/cart-items/$id/index'
import { Route as quantityRoute } from '~/routes/api/cart/b2b/cart-items/$id/quantity'
import {
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
  type TierInput,
} from '../factories/create'
import { apiRequest, signInAs, type RequestOptions } from './auth-fixtures'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
type Handler = (ctx: { request: Request; params: Record<string, string> }) => Promise<Response>

function handlerOf(route: { options: unknown }, method: Method): Handler {
  const handlers = (route.options as { server?: { handlers?: Record<string, Handler> } }).server?.handlers
  const handler = handlers?.[method]
  if (!handler) throw new Error(`route has no ${method} handler`)
  return handler
}

export interface Caller {
  userId: number
  token: string
}

/** A new buyer with a live session, sending `Authorization: Bearer`. */
export async function createBuyer(db: Db): Promise<Caller> {
  const user = await createUser(db)
  const session = await signInAs(db, user.id)
  return { userId: user.id, token: session.accessToken }
}

export interface Reply<T = unknown> {
  status: number
  body: T
}

async function call(
  route: { options: unknown },
  method: Method,
  path: string,
  caller: Caller | null,
  options: RequestOptions & { params?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Reply<Record<string, unknown>>> {
  const request = apiRequest(path, { method, bearer: caller?.token, ...options })
  for (const [name, value] of Object.entries(options.headers ?? {})) request.headers.set(name, value)
  const response = await handlerOf(route, method)({ request, params: options.params ?? {} })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

export const basketApi = {
  get: (caller: Caller | null) => call(basketRoute, 'GET', '/api/cart/b2b/basket', caller),
  add: (caller: Caller | null, body: unknown) =>
    call(addRoute, 'POST', '/api/cart/b2b/cart-items', caller, { body }),
  remove: (caller: Caller | null, id: number | string, options: RequestOptions = {}) =>
    call(removeRoute, 'DELETE', `/api/cart/b2b/cart-items/${id}`, caller, {
      params: { id: String(id) },
      ...options,
    }),
  setQuantity: (caller: Caller | null, id: number | string, body: unknown) =>
    call(quantityRoute, 'PATCH', `/api/cart/b2b/cart-items/${id}/quantity`, caller, {
      body,
      params: { id: String(id) },
    }),
  fill: (caller: Caller | null, body: unknown, key?: string) =>
    call(fillRoute, 'POST', '/api/cart/b2b/basket/fill', caller, {
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    }),
}

/** The caller's basket, checked against the spec's response schema. */
export async function basketOf(caller: Caller): Promise<ServerCart[]> {
  const reply = await basketApi.get(caller)
  expect(reply.status).toBe(200)
  return v.parse(basketResponseSchema, reply.body).data
}

/** Item quantities by sku, across carts: the shape most assertions care about. */
export const quantities = (basket: ServerCart[]) =>
  Object.fromEntries(basket.flatMap((cart) => cart.items.map((item) => [item.sku, item.quantity])))

/** A live offer (approved seller, active store, valid tiers) of a new product. */
export async function createOffer(
  db: Db,
  options: {
    seller?: { id: number }
    store?: { id: number }
    tiers?: TierInput[]
    remainingQuantity?: number
  } = {},
) {
  const store = options.store ?? (await createStore(db, { seller: options.seller }))
  const product = await createProduct(db)
  const sku = await createSku(db, {
    store,
    product,
    tiers: options.tiers,
    remainingQuantity: options.remainingQuantity ?? 100,
  })
  return { sku: sku.sku, skuId: sku.id, store, product }
}

/** Two approved sellers with a store each: enough to see one cart per seller. */
export async function createTwoSellers(db: Db) {
  const a = await createSeller(db)
  const b = await createSeller(db)
  return {
    a,
    b,
    storeA: await createStore(db, { seller: a }),
    storeB: await createStore(db, { seller: b }),
  }
}
