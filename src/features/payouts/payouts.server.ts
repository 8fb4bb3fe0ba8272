import '@tanstack/react-start/server-only'
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import {
  lockedAvailableBalances,
  postPayoutFailed,
  postPayoutPaid,
  postPayoutsCreated,
} from '~/features/ledger/index.server'
import { currentPayoutAccounts, payoutsHeld } from '~/features/sellers/index.server'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { maskSheba } from '~/lib/identifiers'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin, requireSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { payoutBatches, payoutLines, sellers } from '~/server/db/schema'
import { conflict, notFound } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { payoutPeriodOf } from './payout-period'
import {
  MY_PAYOUTS_PAGE,
  type MadeBatch,
  type MarkPayoutFailedInput,
  type MarkPayoutPaidInput,
  type MyPayoutsInput,
  type MyPayoutsPage,
  type PayoutBatchDetail,
  type PayoutBatchSummary,
  type PayoutLineView,
} from './payouts.schemas'

/**
 * Payout batches (issue #38, "Payouts"): once a week every seller whose available balance reaches
 * the minimum, whose payout account is registered and not on hold after a change, gets a line for
 * the whole balance; the admin sends the bank file and marks each line paid or failed. Every step
 * is one transaction with its ledger entry and its audit event.
 */

/**
 * Makes the period's batch, once: the batch row's unique period decides (a second caller, another
 * instance or the admin's button, waits on the insert and then finds the batch made). Everything,
 * lines and their ledger entries, is written in one transaction: a batch is all there or not at all.
 */
export async function makePayoutBatch(
  db: Db,
  input: { period: string; actorUserId?: number | null },
): Promise<MadeBatch> {
  const made = await db.transaction(async (tx) => {
    const at = now()
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ period: input.period, createdAt: at, createdBy: input.actorUserId ?? null })
      .onConflictDoNothing({ target: payoutBatches.period })
      .returning({ id: payoutBatches.id })
    if (!batch) {
      const [existing] = await tx
        .select({ id: payoutBatches.id })
        .from(payoutBatches)
        .where(eq(payoutBatches.period, input.period))
      const totals = await batchTotals(tx, existing!.id)
      return { batch_id: existing!.id, period: input.period, created: false, ...totals }
    }
    // Negative and small balances get no line: what a seller owes is already netted in available.
    const balances = await lockedAvailableBalances(tx, constants.payouts.minimumRials)
    const accounts = await currentPayoutAccounts(
      tx,
      balances.map((b) => b.sellerId),
    )
    const due = balances.flatMap((b) => {
      const account = accounts.get(b.sellerId)
      return account && !payoutsHeld(account, at) ? [{ ...b, account }] : []
    })
    const lines: { id: number; sellerId: number; amount: number }[] = []
    for (let i = 0; i < due.length; i += 1_000)
      lines.push(
        ...(await tx
          .insert(payoutLines)
          .values(
            due.slice(i, i + 1_000).map((d) => ({
              batchId: batch.id,
              sellerId: d.sellerId,
              amount: d.available,
              sheba: d.account.sheba,
              holderName: d.account.holderName,
              bankCode: d.account.bankCode,
              createdAt: at,
            })),
          )
          .returning({ id: payoutLines.id, sellerId: payoutLines.sellerId, amount: payoutLines.amount })),
      )
    await postPayoutsCreated(
      tx,
      lines.map((line) => ({
        payoutId: line.id,
        sellerId: line.sellerId,
        amount: line.amount,
        actorUserId: input.actorUserId ?? null,
      })),
    )
    const total = lines.reduce((sum, line) => sum + line.amount, 0)
    await recordAuditEvent(tx, {
      actorUserId: input.actorUserId ?? null,
      action: 'payout.batch_make',
      recordType: 'payout_batch',
      recordId: batch.id,
      after: { period: input.period, lines: lines.length, total },
    })
    return { batch_id: batch.id, period: input.period, created: true, lines: lines.length, total }
  })
  if (made.created) log().info({ ...made }, 'payout batch made')
  return made
}

/** The weekly schedule: this Tehran week's batch (nothing new when it was made already). */
export const runWeeklyPayouts = (db: Db) => makePayoutBatch(db, { period: payoutPeriodOf(now()) })

/** The admin's "make this week's batch now": the same function, with the admin as its author. */
export async function makeBatchNow(db: Db, auth: AuthContext | null): Promise<MadeBatch> {
  const admin = requireAdmin(auth)
  return makePayoutBatch(db, { period: payoutPeriodOf(now()), actorUserId: admin.user.id })
}

async function batchTotals(db: DbOrTx, batchId: number) {
  const [row] = await db
    .select({
      lines: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${payoutLines.amount}), 0)`,
    })
    .from(payoutLines)
    .where(eq(payoutLines.batchId, batchId))
  return { lines: row?.lines ?? 0, total: Number(row?.total ?? 0) }
}

const summaryColumns = {
  id: payoutBatches.id,
  period: payoutBatches.period,
  status: payoutBatches.status,
  createdAt: payoutBatches.createdAt,
  lines: sql<number>`count(${payoutLines.id})::int`,
  total: sql<string>`coalesce(sum(${payoutLines.amount}), 0)`,
  inTransit: sql<number>`count(*) filter (where ${payoutLines.status} = 'in_transit')::int`,
  paid: sql<number>`count(*) filter (where ${payoutLines.status} = 'paid')::int`,
  failed: sql<number>`count(*) filter (where ${payoutLines.status} = 'failed')::int`,
}

type SummaryRow = {
  id: number
  period: string
  status: PayoutBatchSummary['status']
  createdAt: Date
  lines: number
  total: string
  inTransit: number
  paid: number
  failed: number
}

const summaryView = (row: SummaryRow): PayoutBatchSummary => ({
  id: row.id,
  period: row.period,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  lines: row.lines,
  total: Number(row.total),
  in_transit: row.inTransit,
  paid: row.paid,
  failed: row.failed,
})

export const PAYOUT_BATCHES_SHOWN = 104

/** /admin/finance/payouts: the batches, newest first (two years of weeks), with their counts. */
export async function listPayoutBatches(db: DbOrTx, auth: AuthContext | null): Promise<PayoutBatchSummary[]> {
  requireAdmin(auth)
  const rows = await db
    .select(summaryColumns)
    .from(payoutBatches)
    .leftJoin(payoutLines, eq(payoutLines.batchId, payoutBatches.id))
    .groupBy(payoutBatches.id)
    .orderBy(desc(payoutBatches.period))
    .limit(PAYOUT_BATCHES_SHOWN)
  return rows.map(summaryView)
}

/** A batch and its lines (the full Sheba: the admin sends it to the bank). */
export async function payoutBatchDetail(
  db: DbOrTx,
  auth: AuthContext | null,
  batchId: number,
): Promise<PayoutBatchDetail> {
  requireAdmin(auth)
  const [batch] = await db
    .select(summaryColumns)
    .from(payoutBatches)
    .leftJoin(payoutLines, eq(payoutLines.batchId, payoutBatches.id))
    .where(eq(payoutBatches.id, batchId))
    .groupBy(payoutBatches.id)
  if (!batch) throw notFound(m.payouts_err_batch_not_found())
  return { batch: summaryView(batch), lines: await batchLines(db, batchId) }
}

/** A batch's lines in the bank file's order (line id). */
export async function batchLines(db: DbOrTx, batchId: number): Promise<PayoutLineView[]> {
  const rows = await db
    .select({
      line: payoutLines,
      sellerName: sellers.displayName,
      sellerNameFa: sellers.displayNameFa,
    })
    .from(payoutLines)
    .innerJoin(sellers, eq(sellers.id, payoutLines.sellerId))
    .where(eq(payoutLines.batchId, batchId))
    .orderBy(payoutLines.id)
  return rows.map(({ line, sellerName, sellerNameFa }) => ({
    id: line.id,
    seller_id: line.sellerId,
    seller_name: textInLocale(sellerName, sellerNameFa),
    amount: line.amount,
    sheba: line.sheba,
    holder_name: line.holderName,
    bank_code: line.bankCode,
    reference: line.reference,
    status: line.status,
    bank_tracking: line.bankTracking,
    failure_reason: line.failureReason,
    settled_at: line.settledAt?.toISOString() ?? null,
  }))
}

type Settlement =
  | { outcome: 'paid'; payoutLineId: number; bankTracking: string }
  | { outcome: 'failed'; payoutLineId: number; reason: string }

/**
 * Marks a line paid or failed, with its ledger entry (paid: out of transit; failed: back to
 * available), under the line's row lock. A line already settled is refused (409), so two admins
 * pressing at once settle it once. The batch closes when its last line is settled.
 */
async function settleLine(db: Db, auth: AuthContext | null, settlement: Settlement): Promise<PayoutLineView> {
  const admin = requireAdmin(auth)
  const batchId = await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(payoutLines)
      .where(eq(payoutLines.id, settlement.payoutLineId))
      .for('update')
    if (!line) throw notFound(m.payouts_err_line_not_found())
    if (line.status !== 'in_transit')
      throw conflict(line.status === 'paid' ? m.payouts_err_already_paid() : m.payouts_err_already_failed())
    const at = now()
    const ledgerInput = { payoutId: line.id, sellerId: line.sellerId, actorUserId: admin.user.id }
    if (settlement.outcome === 'paid') await postPayoutPaid(tx, ledgerInput)
    else await postPayoutFailed(tx, { ...ledgerInput, memo: settlement.reason })
    await tx
      .update(payoutLines)
      .set({
        status: settlement.outcome,
        bankTracking: settlement.outcome === 'paid' ? settlement.bankTracking : null,
        failureReason: settlement.outcome === 'failed' ? settlement.reason : null,
        settledAt: at,
        settledBy: admin.user.id,
      })
      .where(eq(payoutLines.id, line.id))
    await tx
      .update(payoutBatches)
      .set({ status: 'closed' })
      .where(
        and(
          eq(payoutBatches.id, line.batchId),
          sql`not exists (select 1 from ${payoutLines} where ${payoutLines.batchId} = ${line.batchId}
                and ${payoutLines.status} = 'in_transit')`,
        ),
      )
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: line.sellerId,
      action: settlement.outcome === 'paid' ? 'payout.line_paid' : 'payout.line_failed',
      recordType: 'payout_line',
      recordId: line.id,
      before: { status: line.status },
      after: {
        status: settlement.outcome,
        amount: line.amount,
        sheba: maskSheba(line.sheba),
        ...(settlement.outcome === 'paid'
          ? { bank_tracking: settlement.bankTracking }
          : { failure_reason: settlement.reason }),
      },
      reason: settlement.outcome === 'failed' ? settlement.reason : null,
    })
    return line.batchId
  })
  const lines = await batchLines(db, batchId)
  return lines.find((line) => line.id === settlement.payoutLineId)!
}

export const markPayoutPaid = (db: Db, auth: AuthContext | null, input: MarkPayoutPaidInput) =>
  settleLine(db, auth, {
    outcome: 'paid',
    payoutLineId: input.payoutLineId,
    bankTracking: input.bank_tracking,
  })

export const markPayoutFailed = (db: Db, auth: AuthContext | null, input: MarkPayoutFailedInput) =>
  settleLine(db, auth, { outcome: 'failed', payoutLineId: input.payoutLineId, reason: input.reason })

/**
 * The signed-in seller's payouts, newest first, a page at a time (keyset on the line id over
 * payout_lines_seller_idx). Observers read them too, as they read the seller's payout account.
 */
export async function listMyPayouts(
  db: DbOrTx,
  auth: AuthContext | null,
  input: MyPayoutsInput = {},
): Promise<MyPayoutsPage> {
  const actor = requireSeller(auth, { allowObserver: true })
  const rows = await db
    .select({ line: payoutLines, period: payoutBatches.period })
    .from(payoutLines)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutLines.batchId))
    .where(
      and(
        eq(payoutLines.sellerId, actor.sellerId),
        input.before ? lt(payoutLines.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(payoutLines.id))
    .limit(MY_PAYOUTS_PAGE + 1)
  const page = rows.slice(0, MY_PAYOUTS_PAGE)
  return {
    payouts: page.map(({ line, period }) => ({
      id: line.id,
      period,
      amount: line.amount,
      reference: line.reference,
      status: line.status,
      bank_tracking: line.bankTracking,
      created_at: line.createdAt.toISOString(),
      settled_at: line.settledAt?.toISOString() ?? null,
    })),
    next: rows.length > MY_PAYOUTS_PAGE ? page.at(-1)!.line.id : null,
  }
}
