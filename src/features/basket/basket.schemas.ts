import * as v from 'valibot'
import { plainNumber } from '~/lib/plain-number'
import { m } from '~/lib/messages'
import { INT4_MAX } from '~/lib/schema-pieces'
import { MAX_QUANTITY } from './basket-count'

/**
 * The basket's contracts (spec §3, §7): the inputs the API validates and the snake_case shapes it
 * answers. Client-safe: the server validates with the input schemas, the browser parses replies
 * with the response schemas, and the integration tests check every reply against them.
 */

export const REQUIRED = () => m.account_field_required()
export { MAX_QUANTITY }
export const QUANTITY_MESSAGE = () => m.buyer_basket_quantity_range({ max: plainNumber(MAX_QUANTITY) })
export const SKU_MESSAGE = () => m.buyer_basket_sku_invalid()
/** A guest basket larger than this is not a basket; the fill refuses it. */
export const MAX_FILL_ITEMS = 200
/** Distinct products one buyer's basket (all sellers' carts together) may hold (issue #13 §4). */
export const MAX_BASKET_ITEMS = 200
export const BASKET_FULL = () => m.buyer_basket_full({ max: plainNumber(MAX_BASKET_ITEMS) })
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

export const quantitySchema = v.pipe(
  v.number(QUANTITY_MESSAGE),
  v.integer(QUANTITY_MESSAGE),
  v.minValue(1, QUANTITY_MESSAGE),
  v.maxValue(Math.min(MAX_QUANTITY, INT4_MAX), QUANTITY_MESSAGE),
)

/** A missing field gets the spec's default message; a body that is no object says so. */
const objectMessage = (issue: v.BaseIssue<unknown>) =>
  issue.path ? REQUIRED() : m.server_error_send_json_object()

export const skuSchema = v.pipe(
  v.string(SKU_MESSAGE),
  v.check((s) => !s.includes('\u0000'), SKU_MESSAGE),
  v.trim(),
  v.nonEmpty(REQUIRED),
  v.maxLength(64, SKU_MESSAGE),
)

/** POST /cart/b2b/cart-items */
export const addItemInput = v.object({ sku: skuSchema, quantity: quantitySchema }, objectMessage)
export type AddItemInput = v.InferOutput<typeof addItemInput>

/** PATCH /cart/b2b/cart-items/{id}/quantity */
export const quantityInput = v.object({ quantity: quantitySchema }, objectMessage)

/** POST /cart/b2b/basket/fill */
export const fillInput = v.object(
  {
    items: v.pipe(
      v.array(addItemInput, () => m.buyer_basket_items_list({ shape: '{sku, quantity}' })),
      v.minLength(1, () => m.buyer_basket_items_min()),
      v.maxLength(MAX_FILL_ITEMS, () => m.buyer_basket_items_max({ max: plainNumber(MAX_FILL_ITEMS) })),
    ),
  },
  objectMessage,
)
export type FillInput = v.InferOutput<typeof fillInput>

export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{8,100}$/, () => m.buyer_basket_idempotency_key()),
)

/** The applied price tier's validity, passed through to the client (spec §3 "validity"). */
const validitySchema = v.nullable(v.object({ valid_from: v.string(), valid_to: v.nullable(v.string()) }))

export const serverItemSchema = v.object({
  id: v.number(),
  sku: v.string(),
  store_name: v.string(),
  quantity: v.number(),
  unit_price: v.number(),
  /**
   * The applied tier's minimum quantity. Below every tier the entry tier applies, and this is then
   * above the quantity: the "below the minimum" notice (checkout refuses such a line).
   */
  price_min_quantity: v.number(),
  price_per_piece: v.number(),
  product: v.object({
    id: v.number(),
    name: v.string(),
    slug: v.string(),
    photos: v.array(v.object({ url: v.string() })),
    in_stock: v.boolean(),
    brand: v.nullable(v.object({ brand: v.string() })),
  }),
  always_available: v.boolean(),
  remaining_quantity: v.number(),
  has_discount: v.boolean(),
  /** Per unit: the offer price when there is one, else the unit price. */
  effective_amount: v.number(),
  /** The same per-unit price after discount, named as the spec names it. */
  effective_unit_price: v.number(),
  validity: validitySchema,
  /** False when the SKU is no longer on offer: it is shown, but left out of the totals. */
  available: v.boolean(),
})
export type ServerBasketItem = v.InferOutput<typeof serverItemSchema>

export const serverCartSchema = v.object({
  id: v.number(),
  seller_id: v.number(),
  seller_name: v.string(),
  items: v.array(serverItemSchema),
  items_count: v.number(),
  total_amount: v.number(),
  total_effective_amount: v.number(),
})
export type ServerCart = v.InferOutput<typeof serverCartSchema>

export const basketResponseSchema = v.object({ data: v.array(serverCartSchema) })
export type BasketResponse = v.InferOutput<typeof basketResponseSchema>

export const addItemResponseSchema = v.object({
  message: v.string(),
  data: v.object({ id: v.number(), cart_id: v.number(), sku: v.string(), quantity: v.number() }),
})
