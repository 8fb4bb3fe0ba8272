import * as v from 'valibot'
import { m } from '~/lib/messages'
import type { PayoutBatchStatus, PayoutLineStatus } from '~/lib/payout-enums'
import { idSchema, textSchema } from '~/lib/schema-pieces'

/** Payouts (issue #38): client-safe schemas and the views the server returns. */

export const BANK_TRACKING_MAX = 40
export const FAILURE_REASON_MAX = 300
export const PAYOUT_FILE_FORMATS = ['csv', 'xlsx'] as const
export type PayoutFileFormat = (typeof PAYOUT_FILE_FORMATS)[number]

export const payoutBatchIdInput = v.object({ payoutBatchId: idSchema })
export type PayoutBatchIdInput = v.InferOutput<typeof payoutBatchIdInput>

/** The bank's tracking number of a transfer: letters, digits and dashes, as banks print them. */
export const bankTrackingSchema = v.pipe(
  textSchema(BANK_TRACKING_MAX, { min: 4 }),
  v.regex(/^[0-9A-Za-z-]+$/, () => m.payouts_err_tracking_shape()),
)

export const markPayoutPaidInput = v.object({ payoutLineId: idSchema, bank_tracking: bankTrackingSchema })
export type MarkPayoutPaidInput = v.InferOutput<typeof markPayoutPaidInput>

export const markPayoutFailedInput = v.object({
  payoutLineId: idSchema,
  reason: textSchema(FAILURE_REASON_MAX, { min: 3 }),
})
export type MarkPayoutFailedInput = v.InferOutput<typeof markPayoutFailedInput>

/** The seller's payouts, newest first: `before` is the last line id of the previous page. */
export const myPayoutsInput = v.object({ before: v.optional(idSchema) })
export type MyPayoutsInput = v.InferOutput<typeof myPayoutsInput>
export const MY_PAYOUTS_PAGE = 50

export interface PayoutBatchSummary {
  id: number
  period: string
  status: PayoutBatchStatus
  created_at: string
  lines: number
  total: number
  in_transit: number
  paid: number
  failed: number
}

export interface PayoutLineView {
  id: number
  seller_id: number
  seller_name: string
  amount: number
  sheba: string
  holder_name: string
  bank_code: string
  reference: string
  status: PayoutLineStatus
  bank_tracking: string | null
  failure_reason: string | null
  settled_at: string | null
}

export interface PayoutBatchDetail {
  batch: PayoutBatchSummary
  lines: PayoutLineView[]
}

/** What making a batch did: `created` is false when the period had its batch already. */
export interface MadeBatch {
  batch_id: number
  period: string
  created: boolean
  lines: number
  total: number
}

/** A payout as the seller sees it (no Sheba: the seller's own account, shown on the profile). */
export interface MyPayoutView {
  id: number
  period: string
  amount: number
  reference: string
  status: PayoutLineStatus
  bank_tracking: string | null
  created_at: string
  settled_at: string | null
}

export interface MyPayoutsPage {
  payouts: MyPayoutView[]
  /** Pass as `before` for the next page; null at the end. */
  next: number | null
}
