import * as v from 'valibot'
import { INT4_MAX, moneySchema, trimUserText } from '~/lib/schema-pieces'
import { deliveryMethods, type DeliveryMethod } from '~/lib/domain-enums'
import type { Address } from '~/features/addresses'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import type { LineProblem } from './checkout-rules'

/** Checkout inputs and views (issue #7): one schema per input, shared by the page and the server. */

export const NOTE_MAX_LENGTH = 500
/** Messages are functions: the words are the request's locale's, read when a check fails. */
export const CHECKOUT_NOT_FOUND = () => m.buyer_checkout_not_found()
export const CHOOSE_ADDRESS = () => m.buyer_checkout_choose_address()
export const CHOOSE_DELIVERY = () => m.buyer_checkout_choose_delivery()
export const NOTE_TOO_LONG = () => m.buyer_checkout_note_too_long({ max: formatNumber(NOTE_MAX_LENGTH) })
export const FIX_LINES = () => m.buyer_checkout_fix_lines()
export const TOTAL_CHANGED = () => m.buyer_checkout_total_changed()

const id = (message: () => string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(INT4_MAX, message))

export const checkoutCartInput = v.object({ cartId: id(CHECKOUT_NOT_FOUND) })
export type CheckoutCartInput = v.InferOutput<typeof checkoutCartInput>

export const placeOrderInput = v.object({
  cartId: id(CHECKOUT_NOT_FOUND),
  addressId: v.nullable(id(CHOOSE_ADDRESS)),
  deliveryMethod: v.picklist(deliveryMethods, CHOOSE_DELIVERY),
  note: v.optional(
    v.pipe(
      v.string(() => m.buyer_checkout_note_text()),
      trimUserText(),
      v.maxLength(NOTE_MAX_LENGTH, NOTE_TOO_LONG),
    ),
    '',
  ),
  /** Made once per visit of the checkout page: a double click or a retry sends the same key. */
  idempotencyKey: v.pipe(
    v.string(() => m.buyer_checkout_key_required()),
    v.regex(/^[A-Za-z0-9_-]{16,100}$/, () => m.buyer_checkout_key_invalid()),
  ),
  /** The total the buyer saw: when the server's differs, nothing is created (409) and the page reloads. */
  expectedTotal: v.optional(moneySchema(0)),
})
export type PlaceOrderInput = v.InferInput<typeof placeOrderInput>

export interface PlacedOrder {
  orderId: number
  orderNumber: string
}

/** One cart line as checkout sees it: today's price at the applicable tier, and its problem if any. */
export interface CheckoutLine {
  /** The basket item's id (the basket machine's id is this as text). */
  itemId: number
  sku: string
  productName: string
  /** The product's Persian name, when it has one: shown in fa (`textInLocale`). */
  productNameFa: string | null
  productSlug: string
  image: string | null
  unit: string
  /** The Persian unit and store name, when there are: shown in fa (`textInLocale`), kept on the order. */
  unitFa: string | null
  storeName: string
  storeNameFa: string | null
  quantity: number
  /** The applied tier's minimum quantity ("from N units"). */
  tierMinQuantity: number
  unitPrice: number
  /** 0: no offer. */
  offerPrice: number
  /** Per unit: the offer price when there is one, else the unit price. */
  effectiveUnitPrice: number
  lineSubtotal: number
  lineDiscount: number
  lineTotal: number
  alwaysAvailable: boolean
  remainingQuantity: number
  problem: LineProblem | null
}

/** A store a pickup order is collected from: its pickup address and hours (empty when not given). */
export interface PickupPoint {
  store: string
  /** The store's Persian name, when it has one (kept on the order with the rest). */
  storeFa: string | null
  city: string
  address: string
  hours: string
}

export interface CheckoutView {
  cartId: number
  seller: { id: number; name: string; deliveryFee: number; freeDeliveryThreshold: number | null }
  /** The cities of the stores the goods come from (pickup is there). */
  pickupCities: string[]
  /** Where and when to collect, one per store the goods come from. */
  pickupPoints: PickupPoint[]
  currency: string
  vatPercent: number
  /** The buyer is a Plus member now: seller delivery is free for them (the platform pays it). */
  plusMember: boolean
  lines: CheckoutLine[]
}

export type { Address, DeliveryMethod, LineProblem }
