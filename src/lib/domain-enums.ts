/**
 * Enumerations shared by the database (pgEnum), valibot schemas (v.picklist) and the UI.
 * One source for each: change a value here and both sides follow.
 */
export const sellerStatuses = ['pending', 'approved', 'rejected', 'suspended'] as const
export type SellerStatus = (typeof sellerStatuses)[number]
export const APPROVED_SELLER_STATUS: SellerStatus = 'approved'

export const storeStatuses = ['active', 'inactive'] as const
export type StoreStatus = (typeof storeStatuses)[number]

export const productStatuses = ['active', 'draft', 'archived'] as const
export type ProductStatus = (typeof productStatuses)[number]

export const skuStatuses = ['active', 'inactive'] as const
export type SkuStatus = (typeof skuStatuses)[number]

/** Landing pages (/landing/{slug}): only published ones are public. */
export const landingPageStatuses = ['draft', 'published'] as const
export type LandingPageStatus = (typeof landingPageStatuses)[number]
