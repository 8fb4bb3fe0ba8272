/** Payout batches and lines (issue #38, "Payouts"): one source for the database and the code. */
export const payoutBatchStatuses = ['open', 'closed'] as const
export type PayoutBatchStatus = (typeof payoutBatchStatuses)[number]

/** A line is in transit until the admin marks it paid (bank tracking number) or failed. */
export const payoutLineStatuses = ['in_transit', 'paid', 'failed'] as const
export type PayoutLineStatus = (typeof payoutLineStatuses)[number]
