// The server-only face of features/payouts: weekly payout batches, their settlement and bank file
// (issue #38). The rest of the folder is private (eslint.config.js keeps it so).
export { payoutBankFile } from './payout-bank-file.server'
export type { BankFile } from './payout-bank-file.server'
export { payoutPeriodOf } from './payout-period'
export {
  listMyPayouts,
  listPayoutBatches,
  makeBatchNow,
  makePayoutBatch,
  markPayoutFailed,
  markPayoutPaid,
  payoutBatchDetail,
  runWeeklyPayouts,
} from './payouts.server'
export { PAYOUT_FILE_FORMATS, payoutBatchIdInput } from './payouts.schemas'
export type { MadeBatch, MyPayoutsPage, PayoutBatchDetail, PayoutBatchSummary } from './payouts.schemas'
