import '@tanstack/react-start/server-only'
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { days, now } from '~/server/clock.server'
import type { Db, Tx } from '~/server/db/client.server'
import { plans, sellerSubscriptions, sellers } from '~/server/db/schema'
import { log } from '~/server/log.server'
import { queueMessageToSellerOwner } from '~/server/providers/sms/outbox.server'
import { smsDay, smsNumber } from '~/server/providers/sms/sms-text.server'
import { m } from '~/lib/messages'
import { setSellerPlan } from './plan-fulfilment.server'
import { FREE_PLAN } from './plan-limits.server'
import { localPlanName } from './plan-names.server'
import { GRACE_DAYS } from './plans.schemas'
import { AUDIT_REASONS } from '~/lib/audit-reasons'

/**
 * The `plans.renewals` schedule (hourly, once across instances): a scheduled period starts when the
 * active one ends; a period with nothing after it gets an SMS 7 days and 1 day before its end (once
 * each), keeps its plan through GRACE_DAYS after the end, then the seller moves to Free. A period
 * the seller chose to end in Free ends on time, without reminders or grace. Each change is its own
 * transaction with rows locked `skip locked`, and reads the app clock so tests pin time.
 */

type Period = typeof sellerSubscriptions.$inferSelect

const BATCH = 200

/**
 * The plan a seller is on, for the texts that name it: its names, to be read in the reader's
 * language (`localPlanName` inside the message), or the plan's code when the plan is gone.
 */
async function planOfSeller(tx: Tx, sellerId: number): Promise<{ name: string; nameFa: string | null }> {
  const [row] = await tx
    .select({ planCode: sellers.planCode, name: plans.name, nameFa: plans.nameFa })
    .from(sellers)
    .leftJoin(plans, eq(plans.slug, sellers.planCode))
    .where(eq(sellers.id, sellerId))
  return { name: row?.name ?? row?.planCode ?? '', nameFa: row?.nameFa ?? null }
}

/**
 * Claims one row at a time (each `find` locks it `skip locked`), so two instances never act on the
 * same period; at most BATCH rows a run. Plus memberships renew through it too.
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

export async function runPlanRenewals(
  db: Db,
): Promise<{ started: number; reminded: number; lapsed: number }> {
  const at = now()
  const hasScheduled = (sellerId: number, tx: Tx) =>
    tx
      .select({ id: sellerSubscriptions.id })
      .from(sellerSubscriptions)
      .where(and(eq(sellerSubscriptions.sellerId, sellerId), eq(sellerSubscriptions.status, 'scheduled')))
      .limit(1)
      .then((rows) => rows.length > 0)

  // 1. Paid periods whose start has come: the active one ends, the scheduled one takes over.
  const started = await eachDue(
    db,
    async (tx) =>
      (
        await tx
          .select()
          .from(sellerSubscriptions)
          .where(and(eq(sellerSubscriptions.status, 'scheduled'), lte(sellerSubscriptions.periodStart, at)))
          .orderBy(sellerSubscriptions.periodStart)
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    async (tx, next) => {
      await tx
        .update(sellerSubscriptions)
        .set({ status: 'ended', endedAt: at })
        .where(and(eq(sellerSubscriptions.sellerId, next.sellerId), eq(sellerSubscriptions.status, 'active')))
      await tx
        .update(sellerSubscriptions)
        .set({ status: 'active' })
        .where(eq(sellerSubscriptions.id, next.id))
      await recordAuditEvent(tx, {
        actorUserId: null,
        sellerId: next.sellerId,
        action: 'subscription.start',
        recordType: 'subscription',
        recordId: next.id,
        before: { status: 'scheduled' },
        after: { status: 'active' },
      })
      await setSellerPlan(tx, next.sellerId, next.planSlug, null, AUDIT_REASONS.paidPeriodStarted)
    },
  )

  // 2. Reminders: 7 days and 1 day before the end, once each, when nothing is paid after it.
  let reminded = 0
  for (const [daysBefore, column] of [
    [1, 'reminder1SentAt'],
    [7, 'reminder7SentAt'],
  ] as const) {
    reminded += await eachDue(
      db,
      async (tx) => {
        const rows = await tx
          .select()
          .from(sellerSubscriptions)
          .where(
            and(
              eq(sellerSubscriptions.status, 'active'),
              eq(sellerSubscriptions.endsToFree, false),
              isNull(sellerSubscriptions[column]),
              gt(sellerSubscriptions.periodEnd, at),
              lte(sellerSubscriptions.periodEnd, new Date(at.getTime() + days(daysBefore))),
            ),
          )
          .orderBy(sellerSubscriptions.periodEnd)
          .limit(20)
          .for('update', { skipLocked: true })
        for (const row of rows) {
          if (!(await hasScheduled(row.sellerId, tx))) return row
          // Renewed already: nothing to remind of.
          await tx
            .update(sellerSubscriptions)
            .set({ [column]: at })
            .where(eq(sellerSubscriptions.id, row.id))
        }
        return undefined
      },
      async (tx, period) => {
        // The 1-day reminder makes the 7-day one moot when the job first sees the period late.
        const set =
          column === 'reminder1SentAt'
            ? { reminder1SentAt: at, reminder7SentAt: period.reminder7SentAt ?? at }
            : { reminder7SentAt: at }
        await tx.update(sellerSubscriptions).set(set).where(eq(sellerSubscriptions.id, period.id))
        const plan = await planOfSeller(tx, period.sellerId)
        await queueMessageToSellerOwner(tx, period.sellerId, () =>
          m.server_sms_plan_ends({
            plan: localPlanName(plan),
            day: smsDay(period.periodEnd),
            tomorrow: daysBefore === 1 ? m.server_sms_tomorrow() : '',
            graceDays: smsNumber(GRACE_DAYS),
          }),
        )
      },
    )
  }

  // 3. Periods past their end: in Free when chosen, else after the grace days.
  const lapsed = await eachDue(
    db,
    async (tx) => {
      const rows = await tx
        .select()
        .from(sellerSubscriptions)
        .where(and(eq(sellerSubscriptions.status, 'active'), lte(sellerSubscriptions.periodEnd, at)))
        .orderBy(sellerSubscriptions.periodEnd)
        .limit(50)
        .for('update', { skipLocked: true })
      return rows.find((r) => r.endsToFree || r.periodEnd.getTime() + days(GRACE_DAYS) <= at.getTime())
    },
    async (tx, period) => {
      await tx
        .update(sellerSubscriptions)
        .set({ status: 'ended', endedAt: at })
        .where(eq(sellerSubscriptions.id, period.id))
      await recordAuditEvent(tx, {
        actorUserId: null,
        sellerId: period.sellerId,
        action: 'subscription.end',
        recordType: 'subscription',
        recordId: period.id,
        before: { status: 'active' },
        after: { status: 'ended' },
        reason: period.endsToFree ? AUDIT_REASONS.choseFree : AUDIT_REASONS.notRenewedInGrace,
      })
      const plan = await planOfSeller(tx, period.sellerId)
      await setSellerPlan(
        tx,
        period.sellerId,
        FREE_PLAN,
        null,
        period.endsToFree ? AUDIT_REASONS.choseFree : AUDIT_REASONS.notRenewed,
      )
      await queueMessageToSellerOwner(tx, period.sellerId, () =>
        m.server_sms_plan_ended({ plan: localPlanName(plan) }),
      )
    },
  )
  if (started || reminded || lapsed) log().info({ started, reminded, lapsed }, 'plan renewals')
  return { started, reminded, lapsed }
}

/** For tests and the admin: the active or scheduled periods of a seller. */
export async function openPeriodsOf(db: Db | Tx, sellerId: number): Promise<Period[]> {
  return db
    .select()
    .from(sellerSubscriptions)
    .where(
      and(
        eq(sellerSubscriptions.sellerId, sellerId),
        inArray(sellerSubscriptions.status, ['active', 'scheduled']),
      ),
    )
}
