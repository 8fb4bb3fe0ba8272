import * as v from 'valibot'
import { INT4_MAX } from '~/lib/schema-pieces'
import type { OrderStatus } from '~/lib/domain-enums'
import { isoDaySchema, orderSearchSchema, orderStatusSchema, shipInput, rejectInput } from './orders.schemas'
import type { OrderDetail, OrderSummary, Paged } from './orders.schemas'

/**
 * /admin/orders and /admin/orders/{id}: every order across sellers. Client-safe (the URL, the server
 * functions and the tests share these schemas).
 */

const dateRangeOrdered = <T extends { from?: string; to?: string }>(input: T) =>
  !input.from || !input.to || input.from <= input.to
const DATE_ORDER = 'The start date must not be after the end date'

/** A part of the seller's shop or legal name. */
export const sellerNameSearchSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(100, 'Search by at most 100 characters of the seller’s name'),
)

/** Which date `from` and `to` filter on: when the order was placed (the default) or paid. */
export const orderDateBases = ['placed', 'paid'] as const
export type OrderDateBasis = (typeof orderDateBases)[number]

const searchEntries = {
  status: v.optional(orderStatusSchema),
  seller: v.optional(sellerNameSearchSchema),
  /** One seller exactly (the dashboard's top sellers, the admin's seller page). */
  seller_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INT4_MAX))),
  /** `paid`: only paid orders (whatever they became since), with the dates on the payment date. */
  dates: v.optional(v.picklist(orderDateBases)),
  q: v.optional(orderSearchSchema),
  from: v.optional(isoDaySchema),
  to: v.optional(isoDaySchema),
}

/** The URL's search params (all optional). */
export const adminOrderSearch = v.pipe(
  v.object({
    ...searchEntries,
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
  }),
  v.check(dateRangeOrdered, DATE_ORDER),
)

export const adminOrderFilters = v.pipe(
  v.object({
    ...searchEntries,
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), 1),
    per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
  }),
  v.check(dateRangeOrdered, DATE_ORDER),
)

/** An administrator cancelling must say why: the buyer, the seller and the timeline read it. */
export const adminCancelInput = v.object({
  reason: v.pipe(
    v.string('Give a reason for cancelling the order'),
    v.trim(),
    v.minLength(3, 'Give a reason for cancelling the order (at least 3 characters)'),
    v.maxLength(500, 'Keep the reason under 500 characters'),
  ),
})

const orderId = v.pipe(
  v.number('Choose an order'),
  v.integer('Choose an order'),
  v.minValue(1, 'Choose an order'),
  v.maxValue(INT4_MAX, 'Choose an order'),
)

/** Every move order-machine.ts lets an administrator make. */
export const adminOrderActionInput = v.variant('action', [
  v.object({ order_id: orderId, action: v.literal('accept') }),
  v.object({ order_id: orderId, action: v.literal('reject'), ...rejectInput.entries }),
  v.object({ order_id: orderId, action: v.literal('ship'), ...shipInput.entries }),
  v.object({ order_id: orderId, action: v.literal('deliver') }),
  v.object({ order_id: orderId, action: v.literal('complete') }),
  v.object({ order_id: orderId, action: v.literal('cancel'), ...adminCancelInput.entries }),
])

export type AdminOrderFilters = v.InferOutput<typeof adminOrderFilters>
export type AdminOrderSearch = v.InferOutput<typeof adminOrderSearch>
export type AdminOrderActionInput = v.InferInput<typeof adminOrderActionInput>

export interface AdminOrderSummary extends OrderSummary {
  buyer_name: string
  seller_name: string
}

export interface AdminOrderPage extends Paged<AdminOrderSummary> {
  /** Orders per status under the same seller, number and date filters (for the status chips). */
  counts: Record<OrderStatus, number>
  /** The seller `seller_id` names, for the filter's chip; null when there is none (or no such seller). */
  seller: { id: number; name: string } | null
}

export interface AdminOrderDetail extends OrderDetail {
  seller: { id: number; name: string; legal_name: string; phone: string; city: string }
}
