// The server-only face of features/ledger: the double-entry ledger and commission (issue #38).
// Orders, payments, plans, Plus and (later) payouts post through it inside their own transactions;
// it imports no other feature. The rest of the folder is private (eslint.config.js keeps it so).
export { accountIds, entryByKey, lockAccount, postEntry, UnbalancedEntryError } from './ledger-posting.server'
export type { AccountRef, LedgerEntry, LedgerLineInput, PostEntryInput } from './ledger-posting.server'
export { postOrderPaid, postOrderRefund, postOrderReleased, postSplitSettled } from './order-money.server'
export type { OrderPaidInput } from './order-money.server'
export {
  PayoutAboveAvailableError,
  postPayoutCreated,
  postPayoutFailed,
  postPayoutPaid,
  postPaymentReturned,
  postPlatformPurchasePaid,
  postPlatformPurchaseRefund,
} from './platform-money.server'
export type { PayoutInput } from './platform-money.server'
export {
  platformTotals,
  sellerBalances,
  sellerStatement,
  STATEMENT_MAX_LIMIT,
} from './ledger-balances.server'
export type { PlatformTotals, SellerBalances, StatementLine, StatementQuery } from './ledger-balances.server'
export {
  commissionOf,
  commissionVatOf,
  computeOrderCommission,
  decideOrderCommission,
  orderLineCommission,
  setCommissionRate,
} from './commission.server'
export type { LineCommission } from './commission.server'
export { releaseHeldOrders } from './ledger-holding.server'
export { lockedAvailableBalances, postPayoutsCreated } from './payout-batch.server'
export { ledgerAccountKinds, ledgerEntryKinds } from '~/lib/ledger-enums'
export type { LedgerAccountKind, LedgerEntryKind } from '~/lib/ledger-enums'
