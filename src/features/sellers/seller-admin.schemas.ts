import type { OrderStatus } from '~/lib/domain-enums'
import * as v from 'valibot'
import type { SellerStatus } from '~/lib/domain-enums'
import { idSchema, textSchema } from '~/lib/schema-pieces'

/** Client-safe schemas of /admin/sellers/{id}: the seller's detail, quality and suspension. */

export const QUALITY_WINDOW_DAYS = 30
/** A paid order should ship within this many hours; later counts as late shipping. */
export const SHIP_WITHIN_HOURS = 48
/** Above these, the figure is shown as a warning (Mirakl-style operator thresholds). */
export const QUALITY_THRESHOLDS = {
  acceptanceHours: 24,
  rejectionRate: 0.05,
  cancellationRate: 0.05,
  lateShippingRate: 0.1,
} as const

export const sellerIdInput = v.object({ sellerId: idSchema })

export const sellerStatusChangeInput = v.object({
  sellerId: idSchema,
  action: v.picklist(['suspend', 'reinstate'] as const),
  reason: textSchema(500, { min: 3 }),
})
export type SellerStatusChangeInput = v.InferOutput<typeof sellerStatusChangeInput>

export interface SellerQuality {
  /** Orders paid in the window: what the rates are shares of. */
  paidOrders: number
  /** Mean hours from paid to accepted (null: none accepted). */
  acceptanceHours: number | null
  rejectionRate: number | null
  cancellationRate: number | null
  lateShippingRate: number | null
  warnings: Record<'acceptanceHours' | 'rejectionRate' | 'cancellationRate' | 'lateShippingRate', boolean>
}

export interface SellerDetail {
  id: number
  legalName: string
  displayName: string
  nationalId: string
  phone: string
  city: string
  address: string
  status: SellerStatus
  statusReason: string | null
  planCode: string
  /** The plan's name as the seller sees it on /subscription ("Pro"), not its code. */
  planName: string
  createdAt: string
  owner: { id: number; cellphone: string; name: string }
  stores: {
    id: number
    slug: string
    name: string
    city: string
    status: 'active' | 'inactive'
    live: number
  }[]
  orders: { total: number; open: number }
  /** The seller's newest orders (RECENT_ORDERS_SHOWN), any status. */
  recentOrders: {
    id: number
    number: string
    status: OrderStatus
    total: number
    currency: string
    createdAt: string
    buyerName: string
  }[]
  quality: SellerQuality
}

export const RECENT_ORDERS_SHOWN = 5
