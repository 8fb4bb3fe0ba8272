// The client-safe face of features/payouts: schemas, views, queries, server-function wrappers and
// components (under components/). Issue #38 ("Payouts"); /seller/finance composes
// components/seller-payouts-section (SellerPayoutsSection).
export { payoutPeriodOf } from './payout-period'
export {
  BANK_TRACKING_MAX,
  FAILURE_REASON_MAX,
  markPayoutFailedInput,
  markPayoutPaidInput,
  MY_PAYOUTS_PAGE,
  myPayoutsInput,
  PAYOUT_FILE_FORMATS,
  payoutBatchIdInput,
} from './payouts.schemas'
export type {
  MadeBatch,
  MyPayoutsPage,
  MyPayoutView,
  PayoutBatchDetail,
  PayoutBatchSummary,
  PayoutFileFormat,
  PayoutLineView,
} from './payouts.schemas'
export {
  fetchPayoutBatch,
  fetchPayoutBatches,
  listMyPayoutsFn,
  makePayoutBatchFn,
  markPayoutFailedFn,
  markPayoutPaidFn,
} from './payouts.functions'
export { payoutQueries } from './payouts.queries'
