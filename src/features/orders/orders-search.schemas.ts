import * as v from 'valibot'
import { idSchema, INT4_MAX, isoDaySchema } from '~/lib/schema-pieces'
import { orderStatuses } from '~/lib/domain-enums'
import { m } from '~/lib/messages'

/**
 * The order lists' URL search params (/buyer/orders, /seller/orders, /admin/orders): validated in
 * the route tree every page loads, so apart from orders.schemas and orders-admin.schemas, whose
 * action inputs (and their messages) would otherwise come into the first-load chunk (issue #21).
 * Both modules re-export what is here.
 */

export const DEFAULT_PER_PAGE = 20

export const orderStatusSchema = v.picklist(orderStatuses, () => m.server_valid_unknown_order_status())

/** What people type to find an order: its number, or a part of it ("om-7k2", "7K2P"). */
export const orderSearchSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.maxLength(20, () => m.server_valid_order_search_length()),
  v.regex(/^[A-Z0-9-]*$/, () => m.server_valid_order_search_characters()),
)

/** /buyer/orders search params (all optional: the defaults are page 1, every status). */
export const buyerOrderSearch = v.object({
  status: v.optional(orderStatusSchema),
  q: v.optional(orderSearchSchema),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
})

export const DATE_ORDER = () => m.server_valid_date_order()
export const dateRangeOrdered = <T extends { from?: string; to?: string }>(input: T) =>
  !input.from || !input.to || input.from <= input.to

/** /seller/orders search params. */
export const sellerOrderSearch = v.pipe(
  v.object({
    status: v.optional(orderStatusSchema),
    store: v.optional(idSchema),
    from: v.optional(isoDaySchema),
    to: v.optional(isoDaySchema),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
  }),
  v.check(dateRangeOrdered, DATE_ORDER),
)

/** A part of the seller's shop or legal name. */
export const sellerNameSearchSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(100, () => m.server_valid_seller_search_length()),
)

/** Which date `from` and `to` filter on: when the order was placed (the default) or paid. */
export const orderDateBases = ['placed', 'paid'] as const
export type OrderDateBasis = (typeof orderDateBases)[number]

export const adminOrderSearchEntries = {
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
    ...adminOrderSearchEntries,
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
  }),
  v.check(dateRangeOrdered, DATE_ORDER),
)
