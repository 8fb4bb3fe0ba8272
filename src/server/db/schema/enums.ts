import { pgEnum } from 'drizzle-orm/pg-core'
import {
  brandStatuses,
  productReviewStates,
  deliveryMethods,
  magazineLayouts,
  magazineStatuses,
  orderActorKinds,
  orderStatuses,
  paymentSessionStatuses,
  productStatuses,
  sellerStatuses,
  skuStatuses,
  storeStatuses,
  planStatuses,
  billingCycles,
  subscriptionStatuses,
  purchaseKinds,
  purchaseStatuses,
} from '~/lib/domain-enums'

export const sellerStatusEnum = pgEnum('seller_status', sellerStatuses)
export const storeStatusEnum = pgEnum('store_status', storeStatuses)
export const productStatusEnum = pgEnum('product_status', productStatuses)
export const skuStatusEnum = pgEnum('sku_status', skuStatuses)
export const orderStatusEnum = pgEnum('order_status', orderStatuses)
export const deliveryMethodEnum = pgEnum('delivery_method', deliveryMethods)
export const orderActorKindEnum = pgEnum('order_actor_kind', orderActorKinds)
export const paymentSessionStatusEnum = pgEnum('payment_session_status', paymentSessionStatuses)
export const brandStatusEnum = pgEnum('brand_status', brandStatuses)
export const productReviewStateEnum = pgEnum('product_review_state', productReviewStates)
export const magazineStatusEnum = pgEnum('magazine_status', magazineStatuses)
export const magazineLayoutEnum = pgEnum('magazine_layout', magazineLayouts)
export const planStatusEnum = pgEnum('plan_status', planStatuses)
export const billingCycleEnum = pgEnum('billing_cycle', billingCycles)
export const subscriptionStatusEnum = pgEnum('subscription_status', subscriptionStatuses)
export const purchaseKindEnum = pgEnum('purchase_kind', purchaseKinds)
export const purchaseStatusEnum = pgEnum('purchase_status', purchaseStatuses)
