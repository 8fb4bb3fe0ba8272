import '@tanstack/react-start/server-only'
import { asc, count, eq } from 'drizzle-orm'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { m } from '~/lib/messages'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { plans, sellers } from '~/server/db/schema'
import { fieldError, notFound } from '~/server/http/api-errors.server'
import { planView } from './plans.server'
import type { AdminPlanInput, AdminPlanView } from './plans.schemas'

/** /admin/plans (issue #19): every plan, retired ones too, with how many sellers are on each. */

export const PLAN_NOT_FOUND = () => m.tools_plans_not_found()
/** The plan a lapsed subscription lands on: always there, always free. */
const FREE_SLUG = 'free'

export async function listPlansForAdmin(db: DbOrTx, auth: AuthContext | null): Promise<AdminPlanView[]> {
  requireAdmin(auth)
  const [rows, counts] = await Promise.all([
    db.select().from(plans).orderBy(asc(plans.position), asc(plans.monthlyPrice), asc(plans.id)),
    db.select({ slug: sellers.planCode, n: count() }).from(sellers).groupBy(sellers.planCode),
  ])
  const bySlug = new Map(counts.map((c) => [c.slug, Number(c.n)]))
  return rows.map((row) => adminPlanView(row, bySlug.get(row.slug) ?? 0))
}

const adminPlanView = (row: typeof plans.$inferSelect, sellerCount: number): AdminPlanView => ({
  ...planView(row),
  id: row.id,
  sellers: sellerCount,
  name_en: row.name,
  description_en: row.description,
  name_fa: row.nameFa,
  description_fa: row.descriptionFa,
})

/**
 * The admin edits a plan: name, description, prices, limits, features, active or retired. A retired
 * plan leaves /subscription and cannot be chosen; sellers on it keep it until their period ends (the
 * renewal moves them on). Free stays free and active. Lower limits delete nothing: what is over a
 * limit stays, nothing new is added (DOMAIN.md "Plans"). Audited with before and after.
 */
export async function updatePlan(
  db: Db,
  auth: AuthContext | null,
  input: AdminPlanInput,
): Promise<AdminPlanView> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, input.planId)).for('update')
    if (!before) throw notFound(PLAN_NOT_FOUND())
    if (before.slug === FREE_SLUG) {
      if (input.status !== 'active') throw fieldError('status', m.tools_plans_free_not_retired())
      if (input.monthly_price !== 0) throw fieldError('monthly_price', m.tools_plans_free_costs_nothing())
      if (input.yearly_price !== 0) throw fieldError('yearly_price', m.tools_plans_free_costs_nothing())
    } else {
      if (input.monthly_price < 1) throw fieldError('monthly_price', m.tools_plans_paid_needs_monthly())
      if (input.yearly_price < 1) throw fieldError('yearly_price', m.tools_plans_paid_needs_yearly())
    }
    if (input.yearly_price > input.monthly_price * 12)
      throw fieldError('yearly_price', m.tools_plans_year_over_twelve_months())
    const [after] = await tx
      .update(plans)
      .set({
        name: input.name,
        description: input.description,
        nameFa: input.name_fa === undefined ? undefined : input.name_fa?.trim() || null,
        descriptionFa: input.description_fa === undefined ? undefined : input.description_fa?.trim() || null,
        monthlyPrice: input.monthly_price,
        yearlyPrice: input.yearly_price,
        maxStores: input.limits.stores,
        maxActiveSkus: input.limits.skus,
        maxPublishedMagazines: input.limits.magazines,
        maxObservers: input.limits.observers,
        maxImportRows: input.limits.importRows,
        features: [...new Set(input.features)].sort(),
        status: input.status,
        updatedAt: now(),
      })
      .where(eq(plans.id, before.id))
      .returning()
    if (!after) throw notFound(PLAN_NOT_FOUND())
    const fields = (p: typeof before) => {
      const { createdAt: _c, updatedAt: _u, id: _i, ...rest } = p
      return rest
    }
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'plan.update',
      recordType: 'plan',
      recordId: after.id,
      before: fields(before),
      after: fields(after),
    })
    const [sellerCount] = await tx
      .select({ n: count() })
      .from(sellers)
      .where(eq(sellers.planCode, after.slug))
    return adminPlanView(after, Number(sellerCount?.n ?? 0))
  })
}
