import { pgEnum } from 'drizzle-orm/pg-core'
import { sellerStatuses, storeStatuses, productStatuses, skuStatuses } from '~/lib/domain-enums'

export const sellerStatusEnum = pgEnum('seller_status', sellerStatuses)
export const storeStatusEnum = pgEnum('store_status', storeStatuses)
export const productStatusEnum = pgEnum('product_status', productStatuses)
export const skuStatusEnum = pgEnum('sku_status', skuStatuses)
