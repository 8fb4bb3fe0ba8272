import * as v from 'valibot'
import { INT4_MAX, moneySchema, trimUserText } from '~/lib/schema-pieces'
import type { OrderStatus } from '~/lib/domain-enums'
import { shipInput, rejectInput } from './orders.schemas'
import {
  adminOrderSearchEntries,
  DATE_ORDER,
  dateRangeOrdered,
  type adminOrderSearch,
} from './orders-search.schemas'

export {
  adminOrderSearch,
  orderDateBases,
  sellerNameSearchSchema,
  type OrderDateBasis,
} from './orders-search.schemas'
import type { OrderDetail, OrderSummary, Paged } from './orders.schemas'
import { m } from '~/lib/messages'

/**
 * /admin/orders and /admin/orders/{id}: every order across sellers. Client-safe (the URL, the server
 * functions and the tests share these schemas).
 */

export const adminOrderFilters = v.pipe(
  v.object({
    ...adminOrderSearchEntries,
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), 1),
    per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
  }),
  v.check(dateRangeOrdered, DATE_ORDER),
)

/** An administrator cancelling must say why: the buyer, the seller and the timeline read it. */
export const adminCancelInput = v.object({
  reason: v.pipe(
    v.string(() => m.server_valid_cancel_reason()),
    trimUserText(),
    v.minLength(3, () => m.server_valid_cancel_reason_short()),
    v.maxLength(500, () => m.server_valid_reason_long()),
  ),
})

const orderId = v.pipe(
  v.number(() => m.server_valid_choose_order()),
  v.integer(() => m.server_valid_choose_order()),
  v.minValue(1, () => m.server_valid_choose_order()),
  v.maxValue(INT4_MAX, () => m.server_valid_choose_order()),
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

/** A refund after delivery (an operator's decision on a complaint): how much and why. */
export const adminOrderRefundForm = v.object({
  amount: moneySchema(1),
  reason: v.pipe(
    v.string(() => m.server_order_refund_reason()),
    trimUserText(),
    v.minLength(3, () => m.server_order_refund_reason_short()),
    v.maxLength(500, () => m.server_valid_reason_long()),
  ),
})
export const adminOrderRefundInput = v.object({ order_id: orderId, ...adminOrderRefundForm.entries })
export type AdminOrderRefundInput = v.InferInput<typeof adminOrderRefundInput>
