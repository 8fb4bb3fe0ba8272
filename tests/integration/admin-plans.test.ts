import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listActivePlans } from '~/features/plans/plans.server'
import { listPlansForAdmin, updatePlan } from '~/features/plans/plans-admin.server'
import type { AdminPlanInput } from '~/features/plans/plans.schemas'
import { plusPriceForAdmin, setPlusPrice } from '~/features/plus/plus-admin.server'
import { plusYearlyPrice } from '~/features/plus/plus-membership.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, plans } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase } from './auth-fixtures'
import { authOf } from './tickets-fixtures'

/** Issue #19's /admin/plans: admins edit the seller plans and the Plus price; every change audited. */

async function failure(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, fields: Object.keys(error.fieldErrors ?? {}) }
    throw error
  }
  throw new Error('expected the operation to be refused')
}

describe(`admin plans (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let admin: AuthContext
  let others: AuthContext[]

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const roles = await createRoleUsers(db)
    admin = await authOf(db, roles.admin.id)
    others = await Promise.all(
      [roles.approvedSeller, roles.buyer, roles.observer].map((u) => authOf(db, u.id)),
    )
  })
  afterAll(closeAuthTestDatabase)

  const inputOf = async (slug: string): Promise<AdminPlanInput> => {
    const plan = (await listPlansForAdmin(db, admin)).find((p) => p.slug === slug)
    if (!plan) throw new Error(`no ${slug} plan`)
    return {
      planId: plan.id,
      name: plan.name_en,
      description: plan.description_en,
      monthly_price: plan.monthly_price,
      yearly_price: plan.yearly_price,
      limits: plan.limits,
      features: plan.features,
      status: plan.status,
    }
  }

  it('lists every plan with its sellers, and only to admins', async () => {
    const listed = await listPlansForAdmin(db, admin)
    expect(listed.map((p) => p.slug)).toEqual(expect.arrayContaining(['free', 'pro', 'business']))
    expect(listed.reduce((sum, p) => sum + p.sellers, 0)).toBeGreaterThanOrEqual(1)
    for (const auth of others)
      expect(await failure(() => listPlansForAdmin(db, auth))).toMatchObject({ status: 403 })
    expect(await failure(() => listPlansForAdmin(db, null))).toMatchObject({ status: 401 })
  })

  it('saves prices, limits and features; a retired plan leaves /subscription; the change is audited', async () => {
    const pro = await inputOf('pro')
    const updated = await updatePlan(db, admin, {
      ...pro,
      name: 'Pro Plus Stores',
      monthly_price: 5_000_000,
      yearly_price: 50_000_000,
      limits: { ...pro.limits, stores: 7, importRows: null },
      features: ['magazine_pdf'],
    })
    expect(updated).toMatchObject({
      name: 'Pro Plus Stores',
      monthly_price: 5_000_000,
      yearly_saving: 10_000_000,
      features: ['magazine_pdf'],
    })
    expect(updated.limits).toMatchObject({ stores: 7, importRows: null })
    expect((await listActivePlans(db)).find((p) => p.slug === 'pro')?.limits.stores).toBe(7)
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plan.update'), eq(auditEvents.recordId, String(pro.planId))))
      .orderBy(desc(auditEvents.id))
    expect(event?.actorUserId).toBe(admin.user.id)
    expect(event?.changes).toMatchObject({ maxStores: { after: 7 }, monthlyPrice: { after: 5_000_000 } })

    await updatePlan(db, admin, { ...(await inputOf('pro')), status: 'retired' })
    expect((await listActivePlans(db)).map((p) => p.slug)).not.toContain('pro')
    expect((await listPlansForAdmin(db, admin)).find((p) => p.slug === 'pro')?.status).toBe('retired')
    await updatePlan(db, admin, { ...(await inputOf('pro')), status: 'active' })
  })

  it('refuses what would break the plans, and non-admins, writing nothing', async () => {
    const free = await inputOf('free')
    const business = await inputOf('business')
    const [before] = await db.select().from(plans).where(eq(plans.id, business.planId))
    const cases: [AdminPlanInput, string][] = [
      [{ ...free, status: 'retired' }, 'status'],
      [{ ...free, monthly_price: 1_000 }, 'monthly_price'],
      [{ ...business, monthly_price: 0 }, 'monthly_price'],
      [{ ...business, yearly_price: business.monthly_price * 12 + 1 }, 'yearly_price'],
    ]
    for (const [input, field] of cases)
      expect(await failure(() => updatePlan(db, admin, input))).toMatchObject({
        status: 422,
        fields: [field],
      })
    for (const auth of others)
      expect(await failure(() => updatePlan(db, auth, { ...business, name: 'Hacked' }))).toMatchObject({
        status: 403,
      })
    expect(await failure(() => updatePlan(db, admin, { ...business, planId: 999_999 }))).toMatchObject({
      status: 404,
    })
    const [after] = await db.select().from(plans).where(eq(plans.id, business.planId))
    expect(after).toEqual(before)
  })

  it('sets the Plus price for the next purchases, audited, admins only', async () => {
    expect(await plusPriceForAdmin(db, admin)).toEqual({ yearly_price: await plusYearlyPrice(db) })
    await setPlusPrice(db, admin, { yearly_price: 24_000_000 })
    expect(await plusYearlyPrice(db)).toBe(24_000_000)
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'plus.price_update'))
      .orderBy(desc(auditEvents.id))
    expect(event?.changes).toMatchObject({ yearly_price: { after: 24_000_000 } })
    for (const auth of others) {
      expect(await failure(() => setPlusPrice(db, auth, { yearly_price: 1 }))).toMatchObject({ status: 403 })
      expect(await failure(() => plusPriceForAdmin(db, auth))).toMatchObject({ status: 403 })
    }
    expect(await plusYearlyPrice(db)).toBe(24_000_000)
  })
})
