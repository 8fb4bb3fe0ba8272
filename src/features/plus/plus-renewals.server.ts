import '@tanstack/react-start/server-only'
import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { days, now } from '~/server/clock.server'
import type { Db, Tx } from '~/server/db/client.server'
import { plusMemberships } from '~/server/db/schema'
import { log } from '~/server/log.server'
import { queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { smsDay } from '~/server/providers/sms/sms-text.server'
import { m } from '~/lib/messages'
import { eachDue } from '~/features/plans/plan-renewals.server'
import { PLUS_NAME, PLUS_PATH } from './plus.schemas'

/**
 * Plus renewals, run by the plans' hourly `plans.renewals` schedule: a renewal paid ahead starts
 * when the current year ends; the last year gets an SMS 7 days and 1 day before its end (once each);
 * a year past its end is `ended` with an SMS. The benefit itself reads the period's dates, so an
 * order placed after the end never gets it even before this has run; orders placed before keep it.
 * One transaction per row, claimed `skip locked` so two instances never act on the same one.
 */

type Period = typeof plusMemberships.$inferSelect

const hasNext = async (tx: Tx, p: Period) =>
  (
    await tx
      .select({ id: plusMemberships.id })
      .from(plusMemberships)
      .where(
        and(
          eq(plusMemberships.userId, p.userId),
          eq(plusMemberships.status, 'scheduled'),
          gt(plusMemberships.periodEnd, p.periodEnd),
        ),
      )
      .limit(1)
  ).length > 0

export async function runPlusRenewals(db: Db): Promise<{ ended: number; started: number; reminded: number }> {
  const at = now()
  // 1. Years past their end.
  const ended = await eachDue(
    db,
    async (tx) =>
      (
        await tx
          .select()
          .from(plusMemberships)
          .where(and(eq(plusMemberships.status, 'active'), lte(plusMemberships.periodEnd, at)))
          .orderBy(plusMemberships.periodEnd)
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    async (tx, p) => {
      await tx
        .update(plusMemberships)
        .set({ status: 'ended', endedAt: at })
        .where(eq(plusMemberships.id, p.id))
      await recordAuditEvent(tx, {
        actorUserId: null,
        action: 'plus.end',
        recordType: 'plus_membership',
        recordId: p.id,
        before: { status: 'active' },
        after: { status: 'ended' },
      })
      if (await hasNext(tx, p)) return
      await queueMessageToUser(tx, p.userId, () =>
        m.server_sms_plus_ended({ plus: PLUS_NAME, day: smsDay(p.periodEnd), path: PLUS_PATH }),
      )
    },
  )
  // 2. Renewals paid ahead whose start has come.
  const started = await eachDue(
    db,
    async (tx) =>
      (
        await tx
          .select()
          .from(plusMemberships)
          .where(and(eq(plusMemberships.status, 'scheduled'), lte(plusMemberships.periodStart, at)))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    async (tx, p) => {
      await tx.update(plusMemberships).set({ status: 'active' }).where(eq(plusMemberships.id, p.id))
    },
  )
  // 3. Reminders before the end of the last paid year.
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
          .from(plusMemberships)
          .where(
            and(
              eq(plusMemberships.status, 'active'),
              isNull(plusMemberships[column]),
              gt(plusMemberships.periodEnd, at),
              lte(plusMemberships.periodEnd, new Date(at.getTime() + days(daysBefore))),
            ),
          )
          .orderBy(plusMemberships.periodEnd)
          .limit(20)
          .for('update', { skipLocked: true })
        for (const row of rows) {
          if (!(await hasNext(tx, row))) return row
          await tx
            .update(plusMemberships)
            .set({ [column]: at })
            .where(eq(plusMemberships.id, row.id))
        }
        return undefined
      },
      async (tx, p) => {
        // The 1-day reminder makes the 7-day one moot when the job first sees the year late.
        const set =
          column === 'reminder1SentAt'
            ? { reminder1SentAt: at, reminder7SentAt: p.reminder7SentAt ?? at }
            : { reminder7SentAt: at }
        await tx.update(plusMemberships).set(set).where(eq(plusMemberships.id, p.id))
        await queueMessageToUser(tx, p.userId, () =>
          m.server_sms_plus_ends({
            plus: PLUS_NAME,
            day: smsDay(p.periodEnd),
            tomorrow: daysBefore === 1 ? m.server_sms_tomorrow() : '',
            path: PLUS_PATH,
          }),
        )
      },
    )
  }
  if (ended || started || reminded) log().info({ ended, started, reminded }, 'plus renewals')
  return { ended, started, reminded }
}
