import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { refreshDueListings } from '~/features/catalog/catalog-refresh.server'
import { createTiersInput, type CreateTiersInput } from '~/features/inventory/price-tiers.schemas'
import { createTiers, expireTier, getSkuPrices } from '~/features/inventory/price-tiers.server'
import { listAuditEvents } from '~/features/admin/admin-audit.server'
import { auditReasonText } from '~/lib/audit-reasons'
import type { AuthContext } from '~/server/auth/session.server'
import { days, minutes, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, prices, productListings, skus } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { inLocale } from '~/server/log.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf } from './tickets-fixtures'

/** Issue #16: /seller/inventory/price/{sku}/create, its rules in the transaction, and who may write. */

async function refusal(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, message: error.message, fields: error.fieldErrors ?? {} }
    throw error
  }
  throw new Error('expected a refusal')
}

// Whole minutes, near the real time (the factories date their opening tier from Date.now()).
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes(5))
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString()

type TierIn = Partial<CreateTiersInput['tiers'][number]>
const tier = (over: TierIn = {}) => ({
  minQuantity: 10,
  unitPrice: 900_000,
  offerPrice: 0,
  validFrom: at(0),
  validTo: null,
  ...over,
})
const input = (sku: string, tiers: TierIn[]) => parseInput(createTiersInput, { sku, tiers: tiers.map(tier) })

describe(`price tiers (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let buyer: AuthContext
  let otherOwner: AuthContext
  let storeId: number

  /** A SKU with the factory's tier: from quantity 1 at 1,000,000, open-ended, since yesterday. */
  const newSku = async () => {
    const sku = await createSku(db, { store: { id: storeId }, piecesPerPack: 12 })
    return { code: sku.sku, id: sku.id, productId: sku.productId }
  }

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    buyer = await authOf(db, roles.buyer.id)
    const otherUser = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    storeId = (await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })).id
    setClock(T0)
  })
  afterEach(() => setClock(T0))
  afterAll(async () => {
    setClock(null)
    await closeAuthTestDatabase()
  })

  it('creates several tiers at once, derives the price per piece, and records one audit event', async () => {
    const sku = await newSku()
    const { created } = await createTiers(
      db,
      owner,
      input(sku.code, [
        { minQuantity: 10, unitPrice: 960_000, offerPrice: 900_000 },
        { minQuantity: 50, unitPrice: 850_000, validFrom: at(days(1)), validTo: at(days(30)) },
      ]),
    )
    expect(created).toHaveLength(2)
    const view = await getSkuPrices(db, owner, sku.code)
    expect(view.canEdit).toBe(true)
    expect(view.tiers.map((t) => [t.minQuantity, t.state, t.pricePerPiece])).toEqual([
      [1, 'active', Math.round(1_000_000 / 12)],
      [10, 'active', 75_000],
      [50, 'scheduled', Math.round(850_000 / 12)],
    ])
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'price.create'), eq(auditEvents.recordId, String(sku.id))))
    expect(audit).toMatchObject({
      actorUserId: roles.approvedSeller.id,
      sellerId: roles.approvedSeller.sellerId,
    })
    expect(JSON.stringify(audit!.changes)).toContain('960000')
  })

  it('refuses each broken rule with a 422 on its field and the rule’s message', async () => {
    const sku = await newSku()
    const cases: [TierIn[], string, RegExp][] = [
      [[{ unitPrice: 0 }], 'tiers.0.unitPrice', /Unit price must be more than 0/],
      [[{ unitPrice: 500, offerPrice: 500 }], 'tiers.0.offerPrice', /is not below unit price/],
      [[{ offerPrice: -1 }], 'tiers.0.offerPrice', /cannot be negative/],
      [[{ minQuantity: 0 }], 'tiers.0.minQuantity', /1 or more/],
      [[{ validFrom: at(days(2)), validTo: at(days(1)) }], 'tiers.0.validTo', /after valid from/],
      [[{}, { minQuantity: 10, unitPrice: 800_000 }], 'tiers.1.minQuantity', /already used by tier 1/],
      [[{}, { minQuantity: 20, unitPrice: 950_000 }], 'tiers.1.unitPrice', /dearer than/],
      // Against the stored tier (from 1 at 1,000,000): a higher tier dearer than it.
      [[{ minQuantity: 5, unitPrice: 1_200_000 }], 'tiers.0.unitPrice', /an existing tier/],
      [[{ minQuantity: 1, unitPrice: 990_000 }], 'tiers.0.minQuantity', /already used by an existing tier/],
    ]
    for (const [tiers, field, message] of cases) {
      const refused = await refusal(() => createTiers(db, owner, input(sku.code, tiers)))
      expect(refused.status, field).toBe(422)
      expect(refused.fields[field]?.[0], field).toMatch(message)
    }
    const stored = await db.select().from(prices).where(eq(prices.skuId, sku.id))
    expect(stored).toHaveLength(1)
  })

  it('allows the same minimum when the validity does not overlap', async () => {
    const sku = await newSku()
    await expireTier(db, owner, { tierId: (await getSkuPrices(db, owner, sku.code)).tiers[0]!.id })
    await createTiers(
      db,
      owner,
      input(sku.code, [
        { minQuantity: 1, unitPrice: 1_000_000, validTo: at(days(7)) },
        { minQuantity: 1, unitPrice: 1_100_000, validFrom: at(days(7)) },
      ]),
    )
    expect((await getSkuPrices(db, owner, sku.code)).tiers.map((t) => t.state)).toEqual([
      'active',
      'scheduled',
      'expired',
    ])
  })

  it('lets exactly one of two creations through when together they would break the rules', async () => {
    const sku = await newSku()
    const results = await Promise.allSettled([
      createTiers(db, owner, input(sku.code, [{ minQuantity: 20, unitPrice: 900_000 }])),
      createTiers(db, owner, input(sku.code, [{ minQuantity: 20, unitPrice: 880_000 }])),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toBeInstanceOf(HttpError)
    expect((rejected.reason as HttpError).status).toBe(422)
    expect((rejected.reason as HttpError).fieldErrors?.['tiers.0.minQuantity']?.[0]).toMatch(/existing tier/)
    const stored = await db
      .select()
      .from(prices)
      .where(and(eq(prices.skuId, sku.id), eq(prices.minQuantity, 20)))
    expect(stored).toHaveLength(1)
  })

  it('expires an active tier now and deletes a scheduled one, each in the audit trail', async () => {
    const sku = await newSku()
    await createTiers(
      db,
      owner,
      input(sku.code, [{ minQuantity: 30, unitPrice: 800_000, validFrom: at(days(3)) }]),
    )
    const before = await getSkuPrices(db, owner, sku.code)
    const active = before.tiers.find((t) => t.state === 'active')!
    const scheduled = before.tiers.find((t) => t.state === 'scheduled')!
    setClock(new Date(T0.getTime() + minutes(2)))
    expect(await expireTier(db, owner, { tierId: active.id })).toEqual({ outcome: 'ended' })
    expect(await expireTier(db, owner, { tierId: scheduled.id })).toEqual({
      outcome: 'deleted',
    })
    const after = await getSkuPrices(db, owner, sku.code)
    expect(after.tiers).toHaveLength(1)
    expect(after.tiers[0]).toMatchObject({ id: active.id, state: 'expired', validTo: at(minutes(2)) })
    const again = await refusal(() => expireTier(db, owner, { tierId: active.id }))
    expect(again.status).toBe(409)
    const audits = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.sellerId, roles.approvedSeller.sellerId))
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['price.expire', 'price.delete']))
    // The audit page words why in the admin's language (issue #22).
    const admin = await authOf(db, roles.admin.id)
    const reasons = (locale: 'fa' | 'en') =>
      inLocale(locale, async () =>
        (await listAuditEvents(db, admin, { seller: roles.approvedSeller.sellerId, action: 'price.' })).items
          .filter((e) => e.record_id === String(active.id) || e.record_id === String(scheduled.id))
          .map((e) => auditReasonText(e.action, e.reason!))
          .sort(),
      )
    expect(await reasons('fa')).toEqual(
      ['همان لحظه منقضی شد', 'پله‌ی زمان‌بندی‌شده پیش از شروع برداشته شد'].sort(),
    )
    expect(await reasons('en')).toEqual(['Expired now', 'Scheduled tier withdrawn before it started'])
  })

  it('creating or expiring a tier is the SKU’s last change (the inventory’s default order)', async () => {
    const sku = await newSku()
    const updatedAt = async () =>
      (await db.select({ at: skus.updatedAt }).from(skus).where(eq(skus.id, sku.id)))[0]!.at.toISOString()
    setClock(new Date(T0.getTime() + minutes(7)))
    await createTiers(
      db,
      owner,
      input(sku.code, [{ minQuantity: 40, unitPrice: 700_000, validFrom: at(days(2)) }]),
    )
    expect(await updatedAt()).toBe(at(minutes(7)))
    const scheduled = (await getSkuPrices(db, owner, sku.code)).tiers.find((t) => t.state === 'scheduled')!
    setClock(new Date(T0.getTime() + minutes(9)))
    await expireTier(db, owner, { tierId: scheduled.id })
    expect(await updatedAt()).toBe(at(minutes(9)))
  })

  it('lets observers read but not write, buyers do neither, and hides other sellers’ SKUs', async () => {
    const sku = await newSku()
    const seen = await getSkuPrices(db, observer, sku.code)
    expect(seen.canEdit).toBe(false)
    expect(seen.tiers).toHaveLength(1)
    const write = input(sku.code, [{}])
    expect((await refusal(() => createTiers(db, observer, write))).status).toBe(403)
    expect((await refusal(() => expireTier(db, observer, { tierId: seen.tiers[0]!.id }))).status).toBe(403)
    expect((await refusal(() => createTiers(db, buyer, write))).status).toBe(403)
    expect((await refusal(() => getSkuPrices(db, buyer, sku.code))).status).toBe(403)
    expect((await refusal(() => getSkuPrices(db, otherOwner, sku.code))).status).toBe(404)
    expect((await refusal(() => createTiers(db, otherOwner, write))).status).toBe(404)
    expect((await refusal(() => expireTier(db, otherOwner, { tierId: seen.tiers[0]!.id }))).status).toBe(404)
    expect(await db.select().from(prices).where(eq(prices.skuId, sku.id))).toHaveLength(1)
  })

  it('moves the listing at once for a tier valid now, and when a scheduled tier starts (pinned clock)', async () => {
    const sku = await newSku()
    const listingPrice = async () =>
      (
        await db
          .select({ price: productListings.price, listPrice: productListings.listPrice })
          .from(productListings)
          .where(eq(productListings.productId, sku.productId))
      )[0]
    const entry = (await getSkuPrices(db, owner, sku.code)).tiers[0]!
    await expireTier(db, owner, { tierId: entry.id })
    await createTiers(
      db,
      owner,
      input(sku.code, [
        { minQuantity: 1, unitPrice: 990_000, validTo: at(days(1)) },
        { minQuantity: 1, unitPrice: 990_000, offerPrice: 790_000, validFrom: at(days(1)) },
      ]),
    )
    expect(await listingPrice()).toEqual({ price: 990_000, listPrice: null })
    setClock(new Date(T0.getTime() + days(1) - minutes(1)))
    await refreshDueListings(db)
    expect((await listingPrice())!.price).toBe(990_000)
    setClock(new Date(T0.getTime() + days(1) + minutes(1)))
    await refreshDueListings(db)
    expect(await listingPrice()).toEqual({ price: 790_000, listPrice: 990_000 })
  })
})
