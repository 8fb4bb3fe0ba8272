import '@tanstack/react-start/server-only'
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { membershipOffers, plusMemberships } from '~/server/db/schema'

/**
 * The small interface other features use (checkout asks "is this buyer a Plus member right now?").
 * A membership counts for a moment inside a paid period that is active or scheduled; the renewal
 * schedule only does the bookkeeping, so the answer is right even before it has run.
 */

export const PLUS_SLUG = 'plus'

type MembershipRow = typeof plusMemberships.$inferSelect

const open = inArray(plusMemberships.status, ['active', 'scheduled'])

/** The paid period covering `at`, or null: the benefit holds exactly when this is not null. */
export async function plusPeriodAt(db: DbOrTx, userId: number, at: Date): Promise<MembershipRow | null> {
  const [row] = await db
    .select()
    .from(plusMemberships)
    .where(
      and(
        eq(plusMemberships.userId, userId),
        open,
        lte(plusMemberships.periodStart, at),
        gt(plusMemberships.periodEnd, at),
      ),
    )
    .limit(1)
  return row ?? null
}

/** The buyer's paid periods that have not ended at `at`, latest end first. */
export async function openPlusPeriods(db: DbOrTx, userId: number, at: Date): Promise<MembershipRow[]> {
  return db
    .select()
    .from(plusMemberships)
    .where(and(eq(plusMemberships.userId, userId), open, gt(plusMemberships.periodEnd, at)))
    .orderBy(desc(plusMemberships.periodEnd))
}

/** The yearly price of Plus (minor units, VAT included), as the admin set it. */
export async function plusYearlyPrice(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ price: membershipOffers.yearlyPrice })
    .from(membershipOffers)
    .where(eq(membershipOffers.slug, PLUS_SLUG))
  if (!row) throw new Error('the Plus offer row is missing (migration 0023 seeds it)')
  return row.price
}
