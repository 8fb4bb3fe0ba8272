import '@tanstack/react-start/server-only'
import { and, eq, gt } from 'drizzle-orm'
import { type RenewalSchedule, runRenewals } from '~/features/payments/index.server'
import type { Db, Tx } from '~/server/db/client.server'
import { plusMemberships } from '~/server/db/schema'
import { log } from '~/server/log.server'
import { queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { smsDay } from '~/server/providers/sms/sms-text.server'
import { m } from '~/lib/messages'
import { PLUS_NAME, PLUS_PATH } from './plus.schemas'

/**
 * Plus years on the purchase renewal schedule (features/payments/purchase-periods.server.ts, run
 * hourly by `plans.renewals`): a renewal paid ahead starts
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

const schedule: RenewalSchedule<Period> = {
  table: plusMemberships,
  // The year past its end first, so a renewal starting now does not hide that a year ended.
  steps: ['end', 'start', 'remind'],
  hasNext,
  remind: async (tx, p, daysBefore) => {
    await queueMessageToUser(tx, p.userId, () =>
      m.server_sms_plus_ends({
        plus: PLUS_NAME,
        day: smsDay(p.periodEnd),
        tomorrow: daysBefore === 1 ? m.server_sms_tomorrow() : '',
        path: PLUS_PATH,
      }),
    )
  },
  endAudit: () => ({ action: 'plus.end', recordType: 'plus_membership' }),
  afterEnd: async (tx, p) => {
    if (await hasNext(tx, p)) return
    await queueMessageToUser(tx, p.userId, () =>
      m.server_sms_plus_ended({ plus: PLUS_NAME, day: smsDay(p.periodEnd), path: PLUS_PATH }),
    )
  },
}

export async function runPlusRenewals(db: Db): Promise<{ ended: number; started: number; reminded: number }> {
  const { ended, started, reminded } = await runRenewals(db, schedule)
  if (ended || started || reminded) log().info({ ended, started, reminded }, 'plus renewals')
  return { ended, started, reminded }
}
