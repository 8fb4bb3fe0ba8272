import type { DeliveryMethod } from '~/lib/domain-enums'

/**
 * The checkout's money (issue #7): one pure calculation the page shows and the server stores. The
 * server never takes the page's numbers; it recomputes from the database with this same function.
 * All amounts are integer minor units.
 */

export interface TotalsLine {
  unitPrice: number
  /** 0: no offer. */
  offerPrice: number
  quantity: number
}

export interface LineAmounts {
  /** unit price x quantity */
  lineSubtotal: number
  /** (unit price - offer price) x quantity when there is an offer, else 0 */
  lineDiscount: number
  /** lineSubtotal - lineDiscount */
  lineTotal: number
}

export function lineAmounts({ unitPrice, offerPrice, quantity }: TotalsLine): LineAmounts {
  const lineSubtotal = unitPrice * quantity
  const lineDiscount = offerPrice > 0 ? (unitPrice - offerPrice) * quantity : 0
  return { lineSubtotal, lineDiscount, lineTotal: lineSubtotal - lineDiscount }
}

export interface DeliveryTerms {
  /** The seller's fee per order. */
  fee: number
  /** Goods at or above this travel free; null: never free. */
  freeDeliveryThreshold: number | null
}

export interface TotalsInput {
  lines: readonly TotalsLine[]
  deliveryMethod: DeliveryMethod
  delivery: DeliveryTerms
  vatPercent: number
  /**
   * The buyer is a Plus member when the order is placed: seller delivery costs the buyer nothing
   * and the platform pays the seller's fee (DOMAIN.md "Plus"). Pickup is unaffected.
   */
  plusMember?: boolean
}

export interface CheckoutTotals {
  subtotal: number
  discount: number
  /** subtotal - discount: what the goods cost. */
  goods: number
  deliveryFee: number
  /** Seller delivery that the threshold made free (the page says so). */
  freeDelivery: boolean
  /** The seller's fee Plus pays instead of the buyer: what Plus saved (0 when it did not apply). */
  deliveryPaidByPlatform: number
  vat: number
  /** goods + deliveryFee + vat */
  total: number
}

/**
 * VAT on `base` at `percent`, rounded half up to a whole minor unit. Exact for rates with up to two
 * decimals (the configuration allows e.g. 9.5), in BigInt so large wholesale sums cannot lose
 * precision.
 */
export function vatOn(base: number, percent: number): number {
  const basisPoints = BigInt(Math.round(percent * 100))
  return Number((BigInt(base) * basisPoints + 5_000n) / 10_000n)
}

/** Whether seller delivery costs nothing for goods worth `goods`. */
export function deliveryIsFree(goods: number, delivery: DeliveryTerms): boolean {
  return delivery.freeDeliveryThreshold !== null && goods >= delivery.freeDeliveryThreshold
}

export function checkoutTotals({
  lines,
  deliveryMethod,
  delivery,
  vatPercent,
  plusMember = false,
}: TotalsInput): CheckoutTotals {
  let subtotal = 0
  let discount = 0
  for (const line of lines) {
    const amounts = lineAmounts(line)
    subtotal += amounts.lineSubtotal
    discount += amounts.lineDiscount
  }
  const goods = subtotal - discount
  const freeDelivery = deliveryMethod === 'seller_delivery' && deliveryIsFree(goods, delivery)
  const sellerFee = deliveryMethod === 'pickup' || freeDelivery ? 0 : delivery.fee
  // With Plus the buyer's order (and its VAT) leaves the fee out; the platform pays it to the seller.
  const deliveryPaidByPlatform = plusMember ? sellerFee : 0
  const deliveryFee = sellerFee - deliveryPaidByPlatform
  const vat = vatOn(goods + deliveryFee, vatPercent)
  return {
    subtotal,
    discount,
    goods,
    deliveryFee,
    freeDelivery,
    deliveryPaidByPlatform,
    vat,
    total: goods + deliveryFee + vat,
  }
}
