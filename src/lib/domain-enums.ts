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

/** A brand an admin created, or one a seller requested that waits for the admin (issue #15). */
export const brandStatuses = ['approved', 'pending'] as const
export type BrandStatus = (typeof brandStatuses)[number]

/**
 * Where a product stands in the admin's review queue (DOMAIN.md "Product ownership"): seller
 * products go live at once as `pending`; the admin approves or hides them (hidden: off the listings).
 */
export const productReviewStates = ['pending', 'approved', 'hidden'] as const
export type ProductReviewState = (typeof productReviewStates)[number]

export const skuStatuses = ['active', 'inactive'] as const
export type SkuStatus = (typeof skuStatuses)[number]

/** Price and stock imports (/seller/inventory/import-price): checked first, then applied or dropped. */
export const importStatuses = ['checking', 'checked', 'applying', 'applied', 'failed', 'reverted'] as const
export type ImportStatus = (typeof importStatuses)[number]
export const importModes = ['all_or_nothing', 'valid_rows'] as const
export type ImportMode = (typeof importModes)[number]
export const importRowOutcomes = ['update', 'unchanged', 'error'] as const
export type ImportRowOutcome = (typeof importRowOutcomes)[number]
export const importRowResults = ['applied', 'skipped', 'stale', 'reverted', 'not_reverted'] as const
export type ImportRowResult = (typeof importRowResults)[number]

/** Why a SKU's stock moved (DOMAIN.md "Stock ledger"): every change is one of these. */
export const stockMovementKinds = ['adjustment', 'reservation', 'release', 'import', 'correction'] as const
export type StockMovementKind = (typeof stockMovementKinds)[number]
/** Reasons a person gives for a manual stock change (with an optional note). */
export const stockAdjustReasons = ['received', 'counted', 'damaged', 'lost', 'returned', 'other'] as const
export type StockAdjustReason = (typeof stockAdjustReasons)[number]

/** Landing pages (/landing/{slug}): only published ones are public. */
export const landingPageStatuses = ['draft', 'published'] as const
export type LandingPageStatus = (typeof landingPageStatuses)[number]

/** Order states (DOMAIN.md "Basket, checkout, orders"); the allowed moves are in features/orders. */
export const orderStatuses = [
  'pending_payment',
  'paid',
  'accepted',
  'shipped',
  'delivered',
  'completed',
  'expired',
  'rejected',
  'cancelled',
] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** Seller delivery (the seller's fee and free-delivery threshold) or pickup in the store's city. */
export const deliveryMethods = ['seller_delivery', 'pickup'] as const
export type DeliveryMethod = (typeof deliveryMethods)[number]

/** Who moved an order: its buyer, its seller (or the seller's observer), an admin, or a system job. */
export const orderActorKinds = ['buyer', 'seller', 'admin', 'system'] as const
export type OrderActorKind = (typeof orderActorKinds)[number]

/** A payment attempt at the provider: open until the payer approves or declines, or it times out. */
export const paymentSessionStatuses = ['open', 'succeeded', 'failed', 'expired'] as const
export type PaymentSessionStatus = (typeof paymentSessionStatuses)[number]

/** Magazines (DOMAIN.md "Magazine"): only published ones are public. */
export const magazineStatuses = ['draft', 'published'] as const
export type MagazineStatus = (typeof magazineStatuses)[number]
/** A magazine page's layout: 2, 4 or 6 items, or one hero item. */
export const magazineLayouts = ['2', '4', '6', 'hero'] as const
export type MagazineLayout = (typeof magazineLayouts)[number]
/** Seller plans (DOMAIN.md "Plans"): an admin retires a plan instead of deleting it. */
export const planStatuses = ['active', 'retired'] as const
export type PlanStatus = (typeof planStatuses)[number]
export const billingCycles = ['monthly', 'yearly'] as const
export type BillingCycle = (typeof billingCycles)[number]
/**
 * A paid period of a seller's plan: `scheduled` (paid, starts when the current one ends), `active`,
 * `ended` (ran out; the seller renewed or moved to Free) or `replaced` (an upgrade took over).
 */
export const subscriptionStatuses = ['scheduled', 'active', 'ended', 'replaced'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]
/** What a platform purchase pays for: a plan period, or (later) a Plus membership year. */
export const purchaseKinds = ['plan', 'membership'] as const
export type PurchaseKind = (typeof purchaseKinds)[number]
export const purchaseStatuses = ['pending', 'paid', 'cancelled'] as const
export type PurchaseStatus = (typeof purchaseStatuses)[number]
/** What plan limits count. */
export const planLimitKinds = ['stores', 'skus', 'magazines', 'observers', 'importRows'] as const
export type PlanLimitKind = (typeof planLimitKinds)[number]
