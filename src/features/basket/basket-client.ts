import * as v from 'valibot'
import { api, apiOptions } from '~/lib/http/api-client'
import { toClientBasket } from './basket-mapping'
import { basketResponseSchema, IDEMPOTENCY_KEY_HEADER } from './basket.schemas'
import type { Cart } from './basket.types'
import type { FillItems } from './basket.machine'

/**
 * Spec §7's five basket calls, from the browser. All silent: a failing basket call shows no
 * message (§8), and success is told by the screen that asked. None retries: a write must not run
 * twice, and the basket read is "no retry" in the spec.
 */

const quiet = apiOptions({ silent: true }, { retry: 0 })

export async function loadBasket(): Promise<Cart[]> {
  const body = await api.get('cart/b2b/basket', quiet).json()
  return toClientBasket(v.parse(basketResponseSchema, body).data)
}

export async function addBasketItem(input: { sku: string; quantity: number }): Promise<void> {
  await api.post('cart/b2b/cart-items', { ...quiet, json: input })
}

export async function removeBasketItem(itemId: string): Promise<void> {
  await api.delete(`cart/b2b/cart-items/${encodeURIComponent(itemId)}`, quiet)
}

export async function setBasketItemQuantity(itemId: string, quantity: number): Promise<void> {
  await api.patch(`cart/b2b/cart-items/${encodeURIComponent(itemId)}/quantity`, {
    ...quiet,
    json: { quantity },
  })
}

/** The spec has no "clear" call: every item is removed, in order. */
export async function clearBasketItems(itemIds: readonly string[]): Promise<void> {
  for (const id of itemIds) await removeBasketItem(id)
}

/** Spec §7: "returns the raw result; the caller checks its error" (a rejection here). */
export async function fillBasket(items: FillItems, key: string): Promise<unknown> {
  return api
    .post('cart/b2b/basket/fill', { ...quiet, json: { items }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })
    .json()
}
