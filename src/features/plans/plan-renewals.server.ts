import '@tanstack/react-start/server-only'
import { and, eq, inArray } from 'drizzle-orm'
import { type RenewalSchedule, runRenewals } from '~/features/payments/index.server'
import { days } from '~/server/clock.server'
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
 * Seller plans on the purchase renewal schedule (features/payments/purchase-periods.server.ts,
 * hourly): a scheduled period starts when the active one ends; a period with nothing after it gets
 * an SMS 7 days and 1 day before its end (once each), keeps its plan through GRACE_DAYS after the
 * end, then the seller moves to Free. A period the seller chose to end in Free ends on time, without
 * reminders or grace.
 */

type Period = typeof sellerSubscriptions.$inferSelect

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

const schedule: RenewalSchedule<Period> = {
  table: sellerSubscriptions,
  steps: ['start', 'remind', 'end'],
  // Renewed already when a period is scheduled after it.
  hasNext: (tx, p) =>
    tx
      .select({ id: sellerSubscriptions.id })
      .from(sellerSubscriptions)
      .where(and(eq(sellerSubscriptions.sellerId, p.sellerId), eq(sellerSubscriptions.status, 'scheduled')))
      .limit(1)
      .then((rows) => rows.length > 0),
  // A paid period whose start has come: the active one ends, the scheduled one takes over.
  beforeStart: async (tx, next, at) => {
    await tx
      .update(sellerSubscriptions)
      .set({ status: 'ended', endedAt: at })
      .where(and(eq(sellerSubscriptions.sellerId, next.sellerId), eq(sellerSubscriptions.status, 'active')))
  },
  startAudit: (p) => ({ action: 'subscription.start', recordType: 'subscription', sellerId: p.sellerId }),
  afterStart: (tx, next) =>
    setSellerPlan(tx, next.sellerId, next.planSlug, null, AUDIT_REASONS.paidPeriodStarted),
  remindOnly: eq(sellerSubscriptions.endsToFree, false),
  remind: async (tx, period, daysBefore) => {
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
  // Past its end: in Free when chosen, else after the grace days.
  endScan: {
    limit: 50,
    endsNow: (r, at) => r.endsToFree || r.periodEnd.getTime() + days(GRACE_DAYS) <= at.getTime(),
  },
  endAudit: (p) => ({
    action: 'subscription.end',
    recordType: 'subscription',
    sellerId: p.sellerId,
    reason: p.endsToFree ? AUDIT_REASONS.choseFree : AUDIT_REASONS.notRenewedInGrace,
  }),
  afterEnd: async (tx, period) => {
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
}

export async function runPlanRenewals(
  db: Db,
): Promise<{ started: number; reminded: number; lapsed: number }> {
  const { started, reminded, ended: lapsed } = await runRenewals(db, schedule)
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
