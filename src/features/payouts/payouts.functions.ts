import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  listMyPayouts,
  listPayoutBatches,
  makeBatchNow,
  markPayoutFailed,
  markPayoutPaid,
  payoutBatchDetail,
} from './payouts.server'
import {
  markPayoutFailedInput,
  markPayoutPaidInput,
  myPayoutsInput,
  payoutBatchIdInput,
} from './payouts.schemas'

/** Server functions for /admin/finance/payouts and the seller's payouts: validate, then authorise. */

/** The batches, newest first (admins only). */
export const fetchPayoutBatches = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listPayoutBatches(context.db, context.auth))

/** A batch with its lines (admins only). */
export const fetchPayoutBatch = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(payoutBatchIdInput))
  .handler(async ({ data, context }) => payoutBatchDetail(context.db, context.auth, data.payoutBatchId))

/** "Make this week's batch now": the weekly run's own function, idempotent per week (audited). */
export const makePayoutBatchFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .handler(async ({ context }) => makeBatchNow(context.db, context.auth))

/** The bank paid a line: its tracking number (audited). */
export const markPayoutPaidFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(markPayoutPaidInput))
  .handler(async ({ data, context }) => markPayoutPaid(context.db, context.auth, data))

/** The bank refused a line: the money returns to the seller's available balance (audited). */
export const markPayoutFailedFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(markPayoutFailedInput))
  .handler(async ({ data, context }) => markPayoutFailed(context.db, context.auth, data))

/** The signed-in seller's payouts, newest first (owner and observers). */
export const listMyPayoutsFn = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(myPayoutsInput))
  .handler(async ({ data, context }) => listMyPayouts(context.db, context.auth, data))
