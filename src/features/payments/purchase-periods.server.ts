import '@tanstack/react-start/server-only'
import { and, eq, gt, isNull, lte, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { days, now } from '~/server/clock.server'
import type { Db, Tx } from '~/server/db/client.server'

/**
 * Periods bought (a seller's plan period, a buyer's Plus year): the one written when a purchase is
 * paid, and the renewal schedule run hourly by the `plans.renewals` job: a period paid ahead starts
 * when its start comes; the last paid period gets a reminder 7 days and 1 day before its end (once
 * each, and not when a next period is already paid); a period past its end is `ended`. Each change
 * is its own transaction with its row claimed `skip locked`, so two instances never act on the same
 * period, and reads the app clock so tests pin time. What a start, a reminder or an end means is the
 * buying feature's: it supplies a `RenewalSchedule`.
 */

const BATCH = 200

/**
 * Claims one row at a time (each `find` locks it `skip locked`), so two instances never act on the
 * same period; at most BATCH rows a run, each in its own transaction.
 */
export async function eachDue<Period>(
  db: Db,
  find: (tx: Tx) => Promise<Period | undefined>,
  act: (tx: Tx, p: Period) => Promise<void>,
) {
  let done = 0
  for (let i = 0; i < BATCH; i++) {
    const acted = await db.transaction(async (tx) => {
      const period = await find(tx)
      if (!period) return false
      await act(tx, period)
      return true
    })
    if (!acted) break
    done++
  }
  return done
}

/** The columns every period table has (seller_subscriptions, plus_memberships). */
export type PeriodTable = PgTable & {
  id: AnyPgColumn
  status: AnyPgColumn
  periodStart: AnyPgColumn
  periodEnd: AnyPgColumn
  reminder1SentAt: AnyPgColumn
  reminder7SentAt: AnyPgColumn
  endedAt: AnyPgColumn
}

/** A period row, as far as the schedule reads it. */
export interface PeriodRow {
  id: number
  periodEnd: Date
  reminder7SentAt: Date | null
}

/** What `recordAuditEvent` is told about a period that starts or ends. */
interface PeriodAudit {
  action: string
  recordType: string
  sellerId?: number
  reason?: string
}

export type RenewalStep = 'start' | 'remind' | 'end'

export interface RenewalSchedule<P extends PeriodRow> {
  table: PeriodTable
  /** The order the steps run in (it matters: a period started first is no longer `scheduled`). */
  steps: readonly RenewalStep[]
  /** A period paid after this one (no reminder is due then). */
  hasNext(tx: Tx, p: P): Promise<boolean>
  /** A further condition on periods to remind of (seller plans: not one ending in Free). */
  remindOnly?: SQL
  /** Sends the reminder, `daysBefore` (1 or 7) days before the end. */
  remind(tx: Tx, p: P, daysBefore: 1 | 7): Promise<void>
  /** Before a scheduled period becomes active (seller plans: the active one ends). */
  beforeStart?(tx: Tx, p: P, at: Date): Promise<void>
  /** After it became active, with its audit event when `startAudit` is given. */
  afterStart?(tx: Tx, p: P): Promise<void>
  startAudit?(p: P): PeriodAudit
  /** Of the active periods past their end, oldest first, how many to look at and which may end now. */
  endScan?: { limit: number; endsNow(p: P, at: Date): boolean }
  endAudit(p: P): PeriodAudit
  /** After it was `ended` and audited. */
  afterEnd(tx: Tx, p: P): Promise<void>
}

export interface RenewalCounts {
  started: number
  reminded: number
  ended: number
}

/** Rows read through a table that is only known by its shape: the caller's schedule knows the type. */
const rowsOf = <P>(rows: unknown): P[] => rows as P[]

export async function runRenewals<P extends PeriodRow>(
  db: Db,
  schedule: RenewalSchedule<P>,
): Promise<RenewalCounts> {
  const at = now()
  const { table } = schedule
  const counts: RenewalCounts = { started: 0, reminded: 0, ended: 0 }
  const audit = (tx: Tx, p: P, fields: PeriodAudit, before: string, after: string) =>
    recordAuditEvent(tx, {
      actorUserId: null,
      ...fields,
      recordId: p.id,
      before: { status: before },
      after: { status: after },
    })

  // Periods paid ahead whose start has come.
  const start = () =>
    eachDue(
      db,
      async (tx) =>
        rowsOf<P>(
          await tx
            .select()
            .from(table)
            .where(and(eq(table.status, 'scheduled'), lte(table.periodStart, at)))
            .orderBy(table.periodStart)
            .limit(1)
            .for('update', { skipLocked: true }),
        )[0],
      async (tx, p) => {
        await schedule.beforeStart?.(tx, p, at)
        await tx
          .update(table)
          .set({ status: 'active' } as never)
          .where(eq(table.id, p.id))
        if (schedule.startAudit) await audit(tx, p, schedule.startAudit(p), 'scheduled', 'active')
        await schedule.afterStart?.(tx, p)
      },
    )

  // Reminders: 7 days and 1 day before the end, once each, when nothing is paid after it.
  const remind = async () => {
    let reminded = 0
    for (const [daysBefore, column] of [
      [1, 'reminder1SentAt'],
      [7, 'reminder7SentAt'],
    ] as const) {
      reminded += await eachDue(
        db,
        async (tx) => {
          const rows = rowsOf<P>(
            await tx
              .select()
              .from(table)
              .where(
                and(
                  eq(table.status, 'active'),
                  schedule.remindOnly,
                  isNull(table[column]),
                  gt(table.periodEnd, at),
                  lte(table.periodEnd, new Date(at.getTime() + days(daysBefore))),
                ),
              )
              .orderBy(table.periodEnd)
              .limit(20)
              .for('update', { skipLocked: true }),
          )
          for (const row of rows) {
            if (!(await schedule.hasNext(tx, row))) return row
            // Renewed already: nothing to remind of.
            await tx
              .update(table)
              .set({ [column]: at } as never)
              .where(eq(table.id, row.id))
          }
          return undefined
        },
        async (tx, p) => {
          // The 1-day reminder makes the 7-day one moot when the job first sees the period late.
          const set =
            column === 'reminder1SentAt'
              ? { reminder1SentAt: at, reminder7SentAt: p.reminder7SentAt ?? at }
              : { reminder7SentAt: at }
          await tx
            .update(table)
            .set(set as never)
            .where(eq(table.id, p.id))
          await schedule.remind(tx, p, daysBefore)
        },
      )
    }
    return reminded
  }

  // Periods past their end.
  const end = () =>
    eachDue(
      db,
      async (tx) => {
        const rows = rowsOf<P>(
          await tx
            .select()
            .from(table)
            .where(and(eq(table.status, 'active'), lte(table.periodEnd, at)))
            .orderBy(table.periodEnd)
            .limit(schedule.endScan?.limit ?? 1)
            .for('update', { skipLocked: true }),
        )
        const { endScan } = schedule
        return endScan ? rows.find((r) => endScan.endsNow(r, at)) : rows[0]
      },
      async (tx, p) => {
        await tx
          .update(table)
          .set({ status: 'ended', endedAt: at } as never)
          .where(eq(table.id, p.id))
        await audit(tx, p, schedule.endAudit(p), 'active', 'ended')
        await schedule.afterEnd(tx, p)
      },
    )

  for (const step of schedule.steps) {
    if (step === 'start') counts.started = await start()
    else if (step === 'remind') counts.reminded = await remind()
    else counts.ended = await end()
  }
  return counts
}

/**
 * The period a paid purchase buys (`active` from now, or `scheduled` after the one already paid),
 * written with its audit event inside the payment's transaction. `owner` names whose period it is
 * (and the feature's own columns); `audit` describes it once written.
 */
export async function insertPaidPeriod<P extends PeriodRow>(
  tx: Tx,
  table: PeriodTable,
  purchase: { id: number; userId: number; amount: number },
  period: { owner: Record<string, unknown>; periodStart: Date; periodEnd: Date; active: boolean; at: Date },
  audit: (p: P) => PeriodAudit & { after: Record<string, unknown> },
): Promise<P> {
  const [row] = rowsOf<P>(
    await tx
      .insert(table)
      .values({
        ...period.owner,
        periodStart: period.periodStart,
        periodEnd: period.periodEnd,
        status: period.active ? 'active' : 'scheduled',
        purchaseId: purchase.id,
        amountPaid: purchase.amount,
        createdAt: period.at,
      } as never)
      .returning(),
  )
  if (!row) throw new Error(`the period of purchase ${purchase.id} was not written`)
  await recordAuditEvent(tx, { actorUserId: purchase.userId, ...audit(row), recordId: row.id })
  return row
}
