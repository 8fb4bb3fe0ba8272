import * as v from 'valibot'
import type { OrderStatus } from '~/lib/domain-enums'
import { m } from '~/lib/messages'

/** /seller's charts: the last 30 or 90 Tehran calendar days. */
export const sellerSalesInput = v.object({
  days: v.optional(
    v.picklist([30, 90] as const, () => m.server_valid_choose_range()),
    30,
  ),
})
export type SellerSalesInput = v.InferInput<typeof sellerSalesInput>

export interface TopSku {
  sku: string
  product_name: string
  units: number
  revenue: number
}

export interface SellerSales {
  days: 30 | 90
  from: string
  to: string
  currency: string
  /** Per Tehran day: totals and count of orders paid that day and not later rejected or cancelled. */
  series: Array<{ day: string; sales: number; orders: number }>
  /** Orders placed in the period, by their status now. */
  by_status: Array<{ status: OrderStatus; count: number }>
  top_by_units: TopSku[]
  top_by_revenue: TopSku[]
}
