import '@tanstack/react-start/server-only'
import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { PlanLimitKind } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { magazines, observerInvitations, plans, sellers, skus, stores, users } from '~/server/db/schema'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import { limitKindLabels, type LimitUsage } from './plans.schemas'
import { localPlanName } from './plan-names.server'

/**
 * The one place plan limits are decided (DOMAIN.md "Plans"). Every entry point that creates,
 * activates or publishes something a limit counts asks `assertPlanAllows` inside its own
 * transaction (it locks the seller's row, so two requests cannot both take the last place); the
 * UI asks `planLimitStatus` to explain a refusal before the seller tries. After a downgrade nothing
 * is deleted: usage may stay above the limit, and only new additions are refused.
 */

export type PlanRow = typeof plans.$inferSelect

export const FREE_PLAN = 'free'

export function limitOf(plan: PlanRow, kind: PlanLimitKind): number | null {
  switch (kind) {
    case 'stores':
      return plan.maxStores
    case 'skus':
      return plan.maxActiveSkus
    case 'magazines':
      return plan.maxPublishedMagazines
    case 'observers':
      return plan.maxObservers
    case 'importRows':
      return plan.maxImportRows
  }
}

/** The plan in force for a seller (Free when its code names no plan). */
export async function planOfSeller(db: DbOrTx, sellerId: number, lock = false): Promise<PlanRow> {
  const query = db.select({ planCode: sellers.planCode }).from(sellers).where(eq(sellers.id, sellerId))
  const [seller] = lock ? await query.for('update') : await query
  if (!seller) throw notFound(m.server_error_seller_not_found())
  const rows = await db
    .select()
    .from(plans)
    .where(sql`${plans.slug} in (${seller.planCode}, ${FREE_PLAN})`)
  const plan = rows.find((p) => p.slug === seller.planCode) ?? rows.find((p) => p.slug === FREE_PLAN)
  if (!plan) throw new Error('The free plan is missing: run the migrations')
  return plan
}

/** Published magazines of a seller that are still open for orders (an expired one takes no place). */
export async function countPublishedMagazines(db: DbOrTx, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(magazines)
    .where(
      and(
        eq(magazines.sellerId, sellerId),
        eq(magazines.status, 'published'),
        or(isNull(magazines.cutoffAt), gt(magazines.cutoffAt, now())),
      ),
    )
  return row?.n ?? 0
}

/** What a limit counts now, for one seller. importRows is per file: nothing accumulates. */
export async function planUsageOf(db: DbOrTx, sellerId: number, kind: PlanLimitKind): Promise<number> {
  switch (kind) {
    case 'stores': {
      const [row] = await db.select({ n: count() }).from(stores).where(eq(stores.sellerId, sellerId))
      return row?.n ?? 0
    }
    case 'skus': {
      const [row] = await db
        .select({ n: count() })
        .from(skus)
        .innerJoin(stores, eq(stores.id, skus.storeId))
        .where(and(eq(stores.sellerId, sellerId), eq(skus.status, 'active')))
      return row?.n ?? 0
    }
    case 'magazines':
      return countPublishedMagazines(db, sellerId)
    case 'observers': {
      // Seats: observers and invitations not yet accepted.
      const [observing] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.isObserver, true), eq(users.pointingSellerId, sellerId)))
      const [pending] = await db
        .select({ n: count() })
        .from(observerInvitations)
        .where(and(eq(observerInvitations.sellerId, sellerId), isNull(observerInvitations.acceptedAt)))
      return (observing?.n ?? 0) + (pending?.n ?? 0)
    }
    case 'importRows':
      return 0
  }
}

/** The cheapest active plan whose limit would allow `needed`, if any. */
async function planThatAllows(
  db: DbOrTx,
  kind: PlanLimitKind,
  needed: number,
  current: PlanRow,
): Promise<PlanRow | null> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.status, 'active'))
    .orderBy(asc(plans.monthlyPrice), asc(plans.position))
  return (
    rows.find((p) => {
      if (p.slug === current.slug) return false
      const limit = limitOf(p, kind)
      return limit === null || limit >= needed
    }) ?? null
  )
}

const countWords = (kind: PlanLimitKind, n: number) =>
  m.tools_limit_count({
    count: formatNumber(n),
    what: n === 1 ? limitKindLabels[kind].one : limitKindLabels[kind].many,
  })

/**
 * Whether the seller may add `adding` more of `kind` (for importRows: a file of `adding` rows),
 * with the remaining room and, when refused, the reason in the words the 403 and the UI both use.
 */
export async function planLimitStatus(
  db: DbOrTx,
  sellerId: number,
  kind: PlanLimitKind,
  adding = 1,
  options: { lock?: boolean } = {},
): Promise<LimitUsage & { plan: PlanRow }> {
  const plan = await planOfSeller(db, sellerId, options.lock)
  const limit = limitOf(plan, kind)
  const used = await planUsageOf(db, sellerId, kind)
  const perFile = kind === 'importRows'
  const remaining = limit === null ? null : Math.max(0, limit - used)
  const allowed = limit === null || (perFile ? adding <= limit : used + adding <= limit)
  let reason: string | null = null
  if (!allowed) {
    const needed = perFile ? adding : used + adding
    const better = await planThatAllows(db, kind, needed, plan)
    const what = perFile
      ? m.tools_limit_file({
          plan: localPlanName(plan),
          allows: countWords(kind, limit!),
          has: formatNumber(adding),
        })
      : m.tools_limit_used({
          plan: localPlanName(plan),
          allows: countWords(kind, limit!),
          used: formatNumber(used),
        })
    const betterLimit = better ? limitOf(better, kind) : null
    const next = better
      ? m.tools_limit_upgrade({
          plan: localPlanName(better),
          allows:
            betterLimit === null
              ? m.tools_limit_unlimited({ what: limitKindLabels[kind].many })
              : countWords(kind, betterLimit),
        })
      : perFile
        ? m.tools_limit_split()
        : m.tools_limit_remove()
    reason = what + next
  }
  return { kind, used, limit, remaining, allowed, reason, plan }
}

/** Refuses (403 naming the plan, the limit and the plan that would allow it) when over the limit. */
export async function assertPlanAllows(
  tx: DbOrTx,
  sellerId: number,
  kind: PlanLimitKind,
  adding = 1,
): Promise<void> {
  if (adding <= 0) return
  const status = await planLimitStatus(tx, sellerId, kind, adding, { lock: true })
  if (!status.allowed) throw new HttpError(403, status.reason!)
}
