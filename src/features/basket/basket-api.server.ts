import '@tanstack/react-start/server-only'
import * as v from 'valibot'
import { apiRoute, type ApiContext, type ApiReply } from '~/server/auth/api-route.server'
import { requireUser } from '~/server/auth/guards.server'
import { HttpError, notFound, parseInput, readJsonBody } from '~/server/http/api-errors.server'
import { m } from '~/lib/messages'
import { readBasket } from './basket-read.server'
import { ITEM_NOT_FOUND, addItem, fillBasket, removeItem, setItemQuantity } from './basket.server'
import {
  IDEMPOTENCY_KEY_HEADER,
  addItemInput,
  fillInput,
  idempotencyKeySchema,
  quantityInput,
} from './basket.schemas'

/**
 * The basket's REST endpoints (spec §7) under /api/cart/b2b. Any signed-in user is a buyer
 * (spec §6); a guest gets 401 and keeps a local basket instead.
 */

type Handler = (ctx: { request: Request; params: Record<string, string> }) => Promise<Response>

async function buyerId(ctx: ApiContext): Promise<number> {
  return requireUser(await ctx.auth()).user.id
}

/** Path ids are positive integers; anything else names no item of anyone's. */
function itemIdOf(params: Record<string, string>): number {
  const raw = params.id ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  if (id < 1) throw notFound(ITEM_NOT_FOUND())
  return id
}

/** apiRoute for a route with path parameters. */
const withParams =
  (run: (ctx: ApiContext, params: Record<string, string>) => Promise<ApiReply>): Handler =>
  ({ request, params }) =>
    apiRoute((ctx) => run(ctx, params))({ request })

/** GET /api/cart/b2b/basket → `{ data: Cart[] }` */
export const basketEndpoint = apiRoute(async (ctx) => ({
  body: { data: await readBasket(ctx.db, await buyerId(ctx)) },
}))

/** POST /api/cart/b2b/cart-items {sku, quantity} → 201 `{ message, data: {id, cart_id, sku, quantity} }` */
export const addItemEndpoint = apiRoute(async (ctx) => {
  const userId = await buyerId(ctx)
  const input = parseInput(addItemInput, await readJsonBody(ctx.request))
  const item = await addItem(ctx.db, userId, input)
  return { status: 201, body: { message: m.buyer_basket_added(), data: item } }
})

/** DELETE /api/cart/b2b/cart-items/{id} */
export const removeItemEndpoint = withParams(async (ctx, params) => {
  const userId = await buyerId(ctx)
  const { cartRemoved } = await removeItem(ctx.db, userId, itemIdOf(params))
  return { body: { message: m.buyer_basket_api_removed(), data: { cart_removed: cartRemoved } } }
})

/** PATCH /api/cart/b2b/cart-items/{id}/quantity {quantity} */
export const quantityEndpoint = withParams(async (ctx, params) => {
  const userId = await buyerId(ctx)
  const itemId = itemIdOf(params)
  const { quantity } = parseInput(quantityInput, await readJsonBody(ctx.request))
  const item = await setItemQuantity(ctx.db, userId, itemId, quantity)
  return { body: { message: m.buyer_basket_quantity_updated(), data: item } }
})

/**
 * POST /api/cart/b2b/basket/fill {items:[{sku, quantity}]}, with an optional Idempotency-Key
 * header: the same key again returns the basket without adding anything (`meta.replayed`).
 */
export const fillEndpoint = apiRoute(async (ctx) => {
  const userId = await buyerId(ctx)
  const rawKey = ctx.request.headers.get(IDEMPOTENCY_KEY_HEADER)
  let key: string | null = null
  if (rawKey !== null) {
    const parsed = v.safeParse(idempotencyKeySchema, rawKey)
    if (!parsed.success) {
      const message = parsed.issues[0].message
      throw new HttpError(422, message, { idempotency_key: [message] })
    }
    key = parsed.output
  }
  const { items } = parseInput(fillInput, await readJsonBody(ctx.request))
  const result = await fillBasket(ctx.db, userId, items, key)
  return {
    body: {
      message: result.replayed ? m.buyer_basket_already_merged() : m.buyer_basket_merged(),
      data: result.basket,
      meta: { replayed: result.replayed },
    },
  }
})
