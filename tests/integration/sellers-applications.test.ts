import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  becomeSeller,
  decideSellerApplication,
  getSellerProfile,
  listSellerApplications,
  updateSellerProfile,
} from '~/features/sellers/sellers.server'
import {
  becomeSellerInput,
  sellerApplicationFilters,
  sellerDecisionInput,
} from '~/features/sellers/sellers.schemas'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { outboxMessages, productListings, sellers, users } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { runDueJobs } from '../support/jobs'
import { createSku, createStore, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, signInAs } from './auth-fixtures'

const application = {
  business_name: 'Golbarg Foods',
  legal_id: '10101234567',
  phone: '021 8877 6655',
  city: 'Tehran',
  address: 'No. 12, Enghelab St, Tehran',
  goods_category: 'Rice and grains',
}

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
}

describe(`becoming a seller and admin approval (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let admin: AuthContext

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const roles = await createRoleUsers(db)
    admin = await authOf(roles.admin.id)
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock('2026-11-20T08:00:00Z'))

  async function authOf(userId: number): Promise<AuthContext> {
    const session = await signInAs(db, userId)
    return (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
  }

  async function applicant(): Promise<{ auth: AuthContext; sellerId: number }> {
    const user = await createUser(db)
    const result = await becomeSeller(db, await authOf(user.id), parseInput(becomeSellerInput, application))
    return { auth: await authOf(user.id), sellerId: result.seller.id }
  }

  it('creates a pending seller and marks the user a seller', async () => {
    const user = await createUser(db)
    const result = await becomeSeller(db, await authOf(user.id), parseInput(becomeSellerInput, application))
    expect(result.seller).toMatchObject({
      status: 'pending',
      display_name: 'Golbarg Foods',
      legal_name: 'Golbarg Foods',
      national_id: '10101234567',
      phone: '+982188776655',
    })
    expect(result.user).toMatchObject({
      is_seller: true,
      seller: { id: result.seller.id, status: 'pending' },
    })
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row!.isSeller).toBe(true)
  })

  it('refuses bad details with one message per field', () => {
    const error = (() => {
      try {
        parseInput(becomeSellerInput, {
          ...application,
          legal_id: '12ab',
          phone: '+44 20 7946 0000',
          city: '',
        })
      } catch (e) {
        return e as HttpError
      }
    })()
    expect(error?.status).toBe(422)
    expect(error?.fieldErrors).toEqual({
      legal_id: ['Enter the national or economic id: 10 to 12 digits'],
      phone: ['Enter a valid Iranian phone number (mobile or landline with area code)'],
      city: ['Field is required.'],
    })
  })

  it('refuses a second application, an observer, and a guest', async () => {
    const { auth } = await applicant()
    expect(await statusOf(() => becomeSeller(db, auth, parseInput(becomeSellerInput, application)))).toBe(409)
    const observer = await createUser(db, {
      isObserver: true,
      pointingSellerId: (await applicant()).sellerId,
    })
    expect(
      await statusOf(async () =>
        becomeSeller(db, await authOf(observer.id), parseInput(becomeSellerInput, application)),
      ),
    ).toBe(409)
    expect(await statusOf(() => becomeSeller(db, null, parseInput(becomeSellerInput, application)))).toBe(401)
  })

  it('lists applications for admins with status and search filters', async () => {
    const { sellerId } = await applicant()
    await db.update(sellers).set({ displayName: 'Zagros Unique Farms' }).where(eq(sellers.id, sellerId))
    const pending = await listSellerApplications(
      db,
      admin,
      parseInput(sellerApplicationFilters, { status: 'pending' }),
    )
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true)
    expect(pending.items.map((item) => item.id)).toContain(sellerId)
    const found = await listSellerApplications(
      db,
      admin,
      parseInput(sellerApplicationFilters, { q: 'zagros unique' }),
    )
    expect(found.items.map((item) => item.id)).toEqual([sellerId])
    expect(found.total).toBe(1)
    expect(found.items[0]!.owner.cellphone).toMatch(/^\+989/)
    const none = await listSellerApplications(
      db,
      admin,
      parseInput(sellerApplicationFilters, { status: 'suspended' }),
    )
    expect(none).toMatchObject({ items: [], total: 0 })
  })

  it('approves an application and tells the applicant by SMS', async () => {
    const { auth, sellerId } = await applicant()
    const decided = await decideSellerApplication(
      db,
      admin,
      parseInput(sellerDecisionInput, { seller_id: sellerId, decision: 'approve' }),
    )
    expect(decided).toMatchObject({ id: sellerId, status: 'approved', status_reason: null })
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, auth.user.cellphone))
    expect(message!.body).toContain('"Golbarg Foods" is approved')
    await runDueJobs()
    const [sent] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, message!.id))
    expect(sent!.status).toBe('sent')
    const refreshed = await authOf(auth.user.id)
    expect(refreshed.user.seller!.status).toBe('approved')
    expect(
      await statusOf(() => decideSellerApplication(db, admin, { seller_id: sellerId, decision: 'approve' })),
    ).toBe(409)
  })

  it("puts an approved seller's offers into the catalogue listing", async () => {
    const { sellerId } = await applicant()
    const store = await createStore(db, { seller: { id: sellerId } })
    // The test clock stands at 2026-11-20: the tier must already be valid then.
    const { productId } = await createSku(db, {
      store,
      tiers: [{ validFrom: new Date('2026-01-01T00:00:00Z') }],
    })
    const listed = () => db.select().from(productListings).where(eq(productListings.productId, productId))
    expect(await listed()).toHaveLength(0)
    await decideSellerApplication(db, admin, { seller_id: sellerId, decision: 'approve' })
    expect(await listed()).toHaveLength(1)
  })

  it('rejects only with a reason, which the applicant receives; they may then apply again', async () => {
    const { auth, sellerId } = await applicant()
    expect(() => parseInput(sellerDecisionInput, { seller_id: sellerId, decision: 'reject' })).toThrow(
      'Give the applicant a reason for the rejection',
    )
    const rejected = await decideSellerApplication(
      db,
      admin,
      parseInput(sellerDecisionInput, {
        seller_id: sellerId,
        decision: 'reject',
        reason: 'The legal id does not match the business name',
      }),
    )
    expect(rejected).toMatchObject({
      status: 'rejected',
      status_reason: 'The legal id does not match the business name',
    })
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, auth.user.cellphone))
    expect(message!.body).toContain('Reason: The legal id does not match the business name')

    const again = await becomeSeller(
      db,
      auth,
      parseInput(becomeSellerInput, { ...application, business_name: 'Golbarg Foods Co' }),
    )
    expect(again.seller).toMatchObject({
      id: sellerId,
      status: 'pending',
      status_reason: null,
      display_name: 'Golbarg Foods Co',
    })
  })

  it('keeps non-admins out of the admin list and decisions, changing nothing', async () => {
    const { auth, sellerId } = await applicant()
    expect(await statusOf(() => listSellerApplications(db, auth, { page: 1, per_page: 20 }))).toBe(403)
    expect(
      await statusOf(() => decideSellerApplication(db, auth, { seller_id: sellerId, decision: 'approve' })),
    ).toBe(403)
    expect(
      await statusOf(() => decideSellerApplication(db, null, { seller_id: sellerId, decision: 'approve' })),
    ).toBe(401)
    const [row] = await db.select().from(sellers).where(eq(sellers.id, sellerId))
    expect(row!.status).toBe('pending')
  })

  it('lets observers read the seller profile but not change it', async () => {
    const { auth: owner, sellerId } = await applicant()
    const observerUser = await createUser(db, { isObserver: true, pointingSellerId: sellerId })
    const observer = await authOf(observerUser.id)
    expect(await getSellerProfile(db, observer)).toMatchObject({
      id: sellerId,
      can_edit: false,
      role: 'observer',
    })
    const change = {
      display_name: 'Hijacked',
      phone: '09121234567',
      city: 'Qom',
      address: 'Somewhere 12',
      goods_category: 'Tea',
    }
    expect(await statusOf(() => updateSellerProfile(db, observer, change))).toBe(403)
    const [row] = await db.select().from(sellers).where(eq(sellers.id, sellerId))
    expect(row!.displayName).toBe('Golbarg Foods')
    const updated = await updateSellerProfile(db, owner, { ...change, display_name: 'Golbarg Fine Foods' })
    expect(updated).toMatchObject({ display_name: 'Golbarg Fine Foods', can_edit: true })
    const [ownerRow] = await db.select().from(users).where(eq(users.id, owner.user.id))
    expect(ownerRow!.isSeller).toBe(true)
  })
})
