/**
 * The ledger's enumerations (DOMAIN.md "Money after checkout"), one source for the database and the
 * code. Account kinds are a database enum; entry kinds are text the code keeps to this list (a new
 * kind needs no migration).
 */
export const ledgerAccountKinds = [
  'gateway_clearing',
  'seller_pending',
  'seller_available',
  'payouts_in_transit',
  'commission_revenue',
  'vat_payable',
  'delivery_subsidy',
  'platform_sales',
  'refunds_payable',
  'buyer_receivable',
  'cheques_in_hand',
] as const
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number]

/** Accounts that belong to one seller (the others are the platform's, or a buyer's). */
export const sellerAccountKinds = ['seller_pending', 'seller_available', 'payouts_in_transit'] as const
export type SellerAccountKind = (typeof sellerAccountKinds)[number]

export const ledgerEntryKinds = [
  'order_paid',
  'order_released',
  'order_refund',
  'platform_purchase_paid',
  'platform_purchase_refund',
  'payout_created',
  'payout_paid',
  'payout_failed',
  'payment_unapplied',
  'payment_returned',
  'split_settlement',
  'adjustment',
  // Credit terms (issue #39): an order placed on terms moves its debit from gateway clearing to the
  // buyer's receivable; a settlement clears the receivable against money received.
  'order_on_credit',
  'credit_settled',
] as const
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number]
