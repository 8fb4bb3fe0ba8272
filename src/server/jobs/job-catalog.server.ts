import '@tanstack/react-start/server-only'
import { constants } from '#app-config'

/**
 * Every kind of background work, in one place: the job names, their payloads, and how pg-boss
 * treats them (retries, backoff, how long a run may take before it is presumed lost with its
 * process, and the schedule of periodic work). Each name is a pg-boss queue.
 */
export interface JobPayloads {
  'message.deliver': { outboxId: number }
  /** Return a recorded refund through the payment provider (see refundOrderPayment). */
  'payment.refund': { sessionId: string }
  /**
   * Check (dry-run) an uploaded price and stock sheet, row by row. `locale`: the seller's page
   * language when they uploaded, so the row messages kept on the rows are in it.
   */
  'import.check': { importId: number; locale?: 'fa' | 'en' }
  /** Apply a checked sheet (resumes where it stopped); `locale` as for the check. */
  'import.apply': { importId: number; locale?: 'fa' | 'en' }
  /** Render a published magazine's PDF line sheet into its cache (when it is stale). */
  'magazine.line-sheet': { magazineId: number }
  /** Listings follow price tiers that start or expire. */
  'catalog.refresh-listings': Record<string, never>
  /** Unpaid orders expire (their stock goes back on sale); open payment sessions time out. */
  'payments.expire-unpaid': Record<string, never>
  'basket.prune-fill-keys': Record<string, never>
  'orders.auto-complete': Record<string, never>
  /** A delivered order's seller share becomes available after the ledger's holding days. */
  'ledger.release-held': Record<string, never>
  /** The week's payout batch (made once per ISO week of Tehran days, however many instances run). */
  'payouts.weekly-batch': Record<string, never>
  /** The platform's commission invoice to each seller for the Tehran month just ended (once each). */
  'seller-finance.commission-invoices': Record<string, never>
  /** Credit terms: open invoices past due turn overdue; buyers reminded 3 days and 1 day before. */
  'credit.reminders': Record<string, never>
  /** Plan periods: scheduled ones start, reminders 7 and 1 days before the end, grace, then Free. */
  'plans.renewals': Record<string, never>
  /** Quotes past their validity and requests past their needed-by day expire (issue #40). */
  'quotes.expire': Record<string, never>
  /** Forgets spent rate-limit windows and dead sign-in records. */
  'housekeeping.prune': Record<string, never>
}
export type JobName = keyof JobPayloads

export interface JobPolicy {
  /** Attempts in all: the first run plus the retries. */
  attempts: number
  /**
   * First retry delay; each later one doubles (pg-boss adds up to the same again as jitter), capped
   * at 10 minutes.
   */
  retryDelaySeconds: number
  /** A run still active after this long is failed (and retried), even if its worker is alive. */
  expireInSeconds: number
  /**
   * The worker refreshes a running job every half of this; a job not refreshed for this long had
   * its process die (kill -9, a lost machine) and is retried then, not after `expireInSeconds`.
   * Long enough for a chunk of an import to commit on the embedded database, which runs one
   * statement at a time.
   */
  heartbeatSeconds?: number
  /** Jobs a worker takes at a time (each settled on its own); 1 for long ones. */
  batchSize?: number
  /**
   * Periodic work: a cron expression (UTC). pg-boss's cron sends one job per occurrence across all
   * instances, so N app servers still run it once.
   */
  schedule?: string
}

export const RETRY_DELAY_MAX_SECONDS = 600
/** Where jobs go once their last attempt has failed, for an admin to inspect, retry or delete. */
export const DEAD_LETTER_QUEUE = 'dead-letter'
/** Dead letters are kept a month; finished jobs the week pg-boss keeps them by default. */
export const DEAD_LETTER_RETENTION_SECONDS = 30 * 86_400

/** Cron runs at minute resolution: a shorter period is rounded up to a minute. */
const everyMinutes = (n: number) => (n <= 1 ? '* * * * *' : `*/${Math.round(n)} * * * *`)

/** Periodic work does not retry: the next occurrence is the retry. */
const periodic = (schedule: string): JobPolicy => ({
  attempts: 1,
  retryDelaySeconds: 0,
  expireInSeconds: 15 * 60,
  schedule,
})

export const jobPolicies: { [N in JobName]: JobPolicy } = {
  'message.deliver': {
    attempts: 5,
    retryDelaySeconds: 5,
    expireInSeconds: 3 * 60,
    heartbeatSeconds: 30,
    batchSize: 5,
  },
  'payment.refund': {
    attempts: 10,
    retryDelaySeconds: 5,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: 30,
    batchSize: 5,
  },
  // A sheet of 100,000 rows takes minutes; an applied import resumes where a lost run stopped.
  'import.check': { attempts: 3, retryDelaySeconds: 5, expireInSeconds: 30 * 60, heartbeatSeconds: 60 },
  'import.apply': { attempts: 3, retryDelaySeconds: 5, expireInSeconds: 30 * 60, heartbeatSeconds: 60 },
  'magazine.line-sheet': {
    attempts: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: 60,
  },
  'catalog.refresh-listings': periodic('* * * * *'),
  'payments.expire-unpaid': periodic(everyMinutes(constants.payments.expirySweepSeconds / 60)),
  'basket.prune-fill-keys': periodic('17 * * * *'),
  'orders.auto-complete': periodic('23 * * * *'),
  'ledger.release-held': periodic('29 * * * *'),
  'payouts.weekly-batch': periodic(constants.payouts.schedule),
  // A Tehran month ends at 20:30 or 19:30 UTC on its last day: 00:35 UTC on the 1st is past it; the
  // run on the 2nd issues what the 1st missed (the job is idempotent per seller and month).
  'seller-finance.commission-invoices': periodic('35 0 1,2 * *'),
  'plans.renewals': periodic('11 * * * *'),
  'quotes.expire': periodic('*/5 * * * *'),
  // 05:17 UTC is 08:47 in Tehran: reminders arrive in the morning (pages judge overdue on read).
  'credit.reminders': periodic('17 5 * * *'),
  'housekeeping.prune': periodic('41 * * * *'),
}

export const jobNames = Object.keys(jobPolicies) as JobName[]
