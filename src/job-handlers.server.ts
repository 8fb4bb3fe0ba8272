import '@tanstack/react-start/server-only'
import { days } from './server/clock.server'
import { pruneAuthRecords } from './server/auth/housekeeping.server'
import { mediaStorage } from './server/db/database.server'
import { registerJobHandler } from './server/jobs/jobs.server'
import { executePaymentRefund } from './server/providers/payment/refunds.server'
import { deliverOutboxMessage } from './server/providers/sms/outbox.server'
import { pruneRateLimitBuckets } from './server/rate-limit/rate-limit.server'
import { pruneFillKeys } from '~/features/basket/index.server'
import { refreshDueListings } from '~/features/catalog/index.server'
import { runCreditReminders } from '~/features/credit/index.server'
import { registerImportJobs } from '~/features/imports/index.server'
import { refreshDueSkuEntries } from '~/features/inventory/index.server'
import { releaseHeldOrders } from '~/features/ledger/index.server'
import { runLineSheetJob } from '~/features/magazines/index.server'
import { completeDeliveredOrders } from '~/features/orders/index.server'
import { expireUnpaid } from '~/features/payments/index.server'
import { runWeeklyPayouts } from '~/features/payouts/index.server'
import { runPlanRenewals } from '~/features/plans/index.server'
import { runPlusRenewals } from '~/features/plus/index.server'
import { expireQuotes } from '~/features/quotes/index.server'
import { issueMonthlyCommissionInvoices } from '~/features/seller-finance/index.server'

/**
 * What runs each job of src/server/jobs/job-catalog.server.ts. The app entry calls this once at
 * start (and the integration tests before they run queued jobs), so src/server knows no features.
 */
export function registerJobHandlers(): void {
  registerJobHandler('message.deliver', (payload, context) =>
    deliverOutboxMessage(context.db, payload.outboxId, context),
  )
  registerJobHandler('payment.refund', (payload, context) =>
    executePaymentRefund(context.db, payload.sessionId),
  )
  registerImportJobs()
  registerJobHandler('magazine.line-sheet', (payload, { db }) =>
    runLineSheetJob(db, mediaStorage(), payload.magazineId),
  )
  // Tiers that started or ended: the listings follow, and so do the SKUs' stored entry tiers.
  registerJobHandler('catalog.refresh-listings', async (_, { db }) => {
    await refreshDueSkuEntries(db)
    return refreshDueListings(db)
  })
  registerJobHandler('payments.expire-unpaid', (_, { db }) => expireUnpaid(db))
  registerJobHandler('basket.prune-fill-keys', (_, { db }) => pruneFillKeys(db))
  registerJobHandler('orders.auto-complete', (_, { db }) => completeDeliveredOrders(db))
  registerJobHandler('ledger.release-held', (_, { db }) => releaseHeldOrders(db))
  registerJobHandler('payouts.weekly-batch', (_, { db }) => runWeeklyPayouts(db))
  registerJobHandler('credit.reminders', (_, { db }) => runCreditReminders(db))
  registerJobHandler('seller-finance.commission-invoices', (_, { db }) => issueMonthlyCommissionInvoices(db))
  // Seller plans and buyers' Plus years share the hourly renewals schedule.
  registerJobHandler('plans.renewals', async (_, { db }) => ({
    plans: await runPlanRenewals(db),
    plus: await runPlusRenewals(db),
  }))
  registerJobHandler('quotes.expire', (_, { db }) => expireQuotes(db))
  registerJobHandler('housekeeping.prune', async (_, { db }) => {
    await pruneRateLimitBuckets(db, days(1))
    await pruneAuthRecords(db)
  })
}
