import '@tanstack/react-start/server-only'
import { days } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { plans, sellerSubscriptions } from '~/server/db/schema'

/**
 * Demo sellers on a paid plan (the demo seller on Pro) get the monthly period they are in: started
 * ten days ago, paid at the plan's price, so /subscription and /seller/profile show a real renewal
 * date and an upgrade shows its credit. The plans themselves come from the migration.
 */
export async function seedSubscriptions(
  tx: DbOrTx,
  sellers: readonly { planCode: string; ownerPhone: string }[],
  sellerIdOf: (seller: { ownerPhone: string }) => number,
  now: Date,
): Promise<void> {
  const prices = new Map((await tx.select().from(plans)).map((p) => [p.slug, p.monthlyPrice]))
  const start = new Date(now.getTime() - days(10))
  const end = new Date(start)
  end.setUTCMonth(end.getUTCMonth() + 1)
  const rows = sellers
    .filter((s) => s.planCode !== 'free' && prices.has(s.planCode))
    .map((s) => ({
      sellerId: sellerIdOf(s),
      planSlug: s.planCode,
      billingCycle: 'monthly' as const,
      periodStart: start,
      periodEnd: end,
      status: 'active' as const,
      amountPaid: prices.get(s.planCode)!,
      createdAt: start,
    }))
  if (rows.length) await tx.insert(sellerSubscriptions).values(rows)
}
