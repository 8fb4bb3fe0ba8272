import * as v from 'valibot'
import { INT4_MAX, isoDaySchema } from '~/lib/schema-pieces'
import type { DeliveryMethod, OrderActorKind, OrderStatus, PaymentSessionStatus } from '~/lib/domain-enums'
import type { OrderEventSystemNote } from './order-event-notes'
import { rejectionReasonSchema, shippingSchema } from './order-transitions.schemas'
import {
  DEFAULT_PER_PAGE,
  dateRangeOrdered,
  orderSearchSchema,
  orderStatusSchema,
} from './orders-search.schemas'

export {
  buyerOrderSearch,
  DEFAULT_PER_PAGE,
  orderSearchSchema,
  orderStatusSchema,
  sellerOrderSearch,
} from './orders-search.schemas'
import { m } from '~/lib/messages'

/**
 * Order pages (buyer and seller): one schema for the URL's search params, the server functions and
 * the tests. Client-safe: no server imports.
 */

export const ORDER_NOT_FOUND = () => m.server_error_order_not_found()
export const INVOICE_NOT_FOUND = () => m.server_error_invoice_not_found()

const page = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), 1)
const perPage = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), DEFAULT_PER_PAGE)
const id = (message: () => string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(INT4_MAX, message))

export const buyerOrderFilters = v.object({
  status: v.optional(orderStatusSchema),
  q: v.optional(orderSearchSchema),
  page,
  per_page: perPage,
})

export const sellerOrderFilters = v.pipe(
  v.object({
    status: v.optional(orderStatusSchema),
    store: v.optional(id(() => m.server_valid_choose_store())),
    from: v.optional(isoDaySchema),
    to: v.optional(isoDaySchema),
    page,
    per_page: perPage,
  }),
  v.check(dateRangeOrdered, () => m.server_valid_date_order()),
)

export const orderIdInput = v.object({ order_id: id(() => m.server_valid_choose_order()) })
export const invoiceIdInput = v.object({ invoice_id: id(() => m.server_valid_choose_invoice()) })
export const invoiceListFilters = v.object({ page, per_page: perPage })

export const buyerActionInput = v.object({
  order_id: id(() => m.server_valid_choose_order()),
  action: v.picklist(['cancel', 'confirm_delivery'], () => m.server_valid_unknown_action()),
})

/** The same rules the server applies in actOnOrder (order-transitions.schemas.ts). */
export const rejectInput = v.object({ reason: rejectionReasonSchema })

export const shipInput = v.object({
  carrier: shippingSchema.entries.carrier,
  tracking_number: shippingSchema.entries.trackingNumber,
})

/** The seller's moves; a reason with reject, carrier and tracking number with ship. */
export const sellerActionInput = v.variant('action', [
  v.object({ order_id: id(() => m.server_valid_choose_order()), action: v.literal('accept') }),
  v.object({
    order_id: id(() => m.server_valid_choose_order()),
    action: v.literal('reject'),
    ...rejectInput.entries,
  }),
  v.object({
    order_id: id(() => m.server_valid_choose_order()),
    action: v.literal('ship'),
    ...shipInput.entries,
  }),
  v.object({ order_id: id(() => m.server_valid_choose_order()), action: v.literal('deliver') }),
])

export type BuyerOrderFilters = v.InferOutput<typeof buyerOrderFilters>
export type SellerOrderFilters = v.InferOutput<typeof sellerOrderFilters>
export type BuyerActionInput = v.InferOutput<typeof buyerActionInput>
export type SellerActionInput = v.InferOutput<typeof sellerActionInput>
export type InvoiceListFilters = v.InferOutput<typeof invoiceListFilters>

export interface Paged<T> {
  items: T[]
  total: number
  page: number
  per_page: number
}

export interface OrderSummary {
  id: number
  number: string
  status: OrderStatus
  total: number
  currency: string
  line_count: number
  /** The buyer's list shows the seller; the seller's list shows the buyer. */
  counterpart: string
  created_at: string
  paid_at: string | null
}

export interface SellerOrderPage extends Paged<OrderSummary> {
  /** Orders per status under the same store and date filters (for the status tabs). */
  counts: Record<OrderStatus, number>
  stores: Array<{ id: number; name: string }>
}

export interface OrderLineView {
  id: number
  sku: string
  product_name: string
  /** The Persian product name, unit and store name at the order, when there were (shown in fa). */
  product_name_fa: string | null
  product_slug: string
  unit: string
  unit_fa: string | null
  store_name: string
  store_name_fa: string | null
  quantity: number
  unit_price: number
  offer_price: number
  line_subtotal: number
  line_discount: number
  line_total: number
}

export interface OrderEventView {
  id: number
  from_status: OrderStatus | null
  to_status: OrderStatus
  actor_kind: OrderActorKind
  /** Who did it, as the viewer may know them ("You", the seller's name, "Omdeh"). */
  actor_name: string
  /** What a person wrote, as typed ('' when nothing, or when the system spoke: see system_note). */
  note: string
  /** What the system said on this move, worded by the page in its language. */
  system_note: OrderEventSystemNote | null
  created_at: string
}

export interface PaymentSessionView {
  provider: string
  amount: number
  currency: string
  status: PaymentSessionStatus
  failure_reason: string | null
  refunded_amount: number
  created_at: string
  completed_at: string | null
}

export interface OrderDetail {
  id: number
  number: string
  status: OrderStatus
  seller_name: string
  buyer: { name: string; phone: string }
  delivery_method: DeliveryMethod
  address: {
    title: string
    province: string
    city: string
    street: string
    postal_code: string
    receiver_name: string
    receiver_phone: string
  } | null
  pickup_city: string | null
  /** Pickup orders: each store's pickup address and hours (empty strings when the store gave none). */
  pickup_points: { store: string; storeFa?: string | null; city: string; address: string; hours: string }[]
  note: string
  currency: string
  subtotal: number
  discount: number
  delivery_fee: number
  /** Seller delivery Plus paid (not in `total`, which the buyer pays; the seller receives both). */
  delivery_paid_by_platform: number
  vat_percent: number
  vat: number
  total: number
  payment_due_at: string
  paid_at: string | null
  shipping_carrier: string | null
  tracking_number: string | null
  created_at: string
  lines: OrderLineView[]
  timeline: OrderEventView[]
  payments: PaymentSessionView[]
  invoice: { id: number; number: string } | null
  /** The states the viewer may move the order to (order-machine.ts); the server checks again. */
  next_statuses: OrderStatus[]
  /** Buyer only: the order awaits payment and its payment window is still open. */
  can_pay: boolean
  /**
   * Seller only (never the buyer), once the order is paid: the platform's commission and the VAT
   * on it, as stored on the order's lines when it was paid, and what the seller receives
   * (total + delivery Plus paid − commission − VAT). Null before payment; absent for the buyer
   * and the admin.
   */
  commission?: { commission: number; vat: number; net: number } | null
}

export interface InvoiceSummary {
  id: number
  number: string
  order_id: number
  order_number: string
  seller_name: string
  total: number
  currency: string
  issued_at: string
}

export interface SellerDashboard {
  to_act: { accept: number; ship: number; deliver: number }
  revenue: { week: number; month: number; currency: string; week_start: string; month_start: string }
  low_stock: Array<{ sku: string; product_name: string; store_name: string; remaining_quantity: number }>
  low_stock_total: number
  /** Recent falls below a SKU's alert level (one per fall), for SKUs still below it. */
  low_stock_alerts: Array<{
    id: number
    sku: string
    product_name: string
    quantity: number
    threshold: number
    at: string
  }>
}
