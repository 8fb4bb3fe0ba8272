import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentUser, updateProfile } from '~/features/auth/auth-profile.server'
import {
  getSellerProfile,
  listSellerApplications,
  updateSellerProfile,
} from '~/features/sellers/sellers.server'
import { requireApprovedSeller, actingSellerId } from '~/server/auth/guards.server'
import { authenticateRequest, type AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { HttpError } from '~/server/http/api-errors.server'
import { Route as profileRoute } from '~/routes/api/user/profile'
import { createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  createRoleUsers,
  openAuthTestDatabase,
  routeHandler,
  signInAs,
  type RoleUsers,
} from './auth-fixtures'

type Role = 'guest' | 'buyer' | 'pendingSeller' | 'approvedSeller' | 'observer' | 'admin'
type Operation = 'buyerOnly' | 'sellerArea' | 'approvedSellerOnly' | 'sellerProfileWrite' | 'adminOnly'

/**
 * Spec §6 and DOMAIN.md as one table: the status each role gets from each kind of protected
 * operation. 401 = sign in first, 403 = signed in but not allowed.
 */
const expected: Record<Role, Record<Operation, number>> = {
  guest: {
    buyerOnly: 401,
    sellerArea: 401,
    approvedSellerOnly: 401,
    sellerProfileWrite: 401,
    adminOnly: 401,
  },
  buyer: {
    buyerOnly: 200,
    sellerArea: 403,
    approvedSellerOnly: 403,
    sellerProfileWrite: 403,
    adminOnly: 403,
  },
  pendingSeller: {
    buyerOnly: 200,
    sellerArea: 200,
    approvedSellerOnly: 403,
    sellerProfileWrite: 200,
    adminOnly: 403,
  },
  approvedSeller: {
    buyerOnly: 200,
    sellerArea: 200,
    approvedSellerOnly: 200,
    sellerProfileWrite: 200,
    adminOnly: 403,
  },
  observer: {
    buyerOnly: 200,
    sellerArea: 200,
    approvedSellerOnly: 200,
    sellerProfileWrite: 403,
    adminOnly: 403,
  },
  admin: {
    buyerOnly: 200,
    sellerArea: 403,
    approvedSellerOnly: 403,
    sellerProfileWrite: 403,
    adminOnly: 200,
  },
}

const sellerDetails = {
  display_name: 'Renamed Trading',
  phone: '+982188776655',
  city: 'Tabriz',
  address: 'No. 5, Valiasr St',
  goods_category: 'Tea',
}

describe(`guards for every role (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  const tokens = new Map<Role, string>()

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    for (const role of ['buyer', 'pendingSeller', 'approvedSeller', 'observer', 'admin'] as const) {
      tokens.set(role, (await signInAs(db, roles[role].id)).accessToken)
    }
  })
  afterAll(closeAuthTestDatabase)

  /** The caller as the server sees it: resolved from a real request's cookie. */
  async function callerOf(role: Role): Promise<AuthContext | null> {
    const token = tokens.get(role)
    return authenticateRequest(
      db,
      apiRequest('/api/anything', { cookies: token ? { access_token: token } : {} }),
    )
  }

  const operations: Record<Operation, (auth: AuthContext | null) => Promise<unknown>> = {
    buyerOnly: async (auth) =>
      updateProfile(db, auth, { first_name: 'Same', last_name: 'Person', email: null }),
    sellerArea: async (auth) => getSellerProfile(db, auth),
    // Orders, stores, inventory and magazines arrive later; each will start with this guard.
    approvedSellerOnly: async (auth) => requireApprovedSeller(auth),
    sellerProfileWrite: async (auth) => updateSellerProfile(db, auth, sellerDetails),
    adminOnly: async (auth) => listSellerApplications(db, auth, { page: 1, per_page: 20 }),
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

  const cases = Object.entries(expected).flatMap(([role, row]) =>
    Object.entries(row).map(([operation, status]) => [role as Role, operation as Operation, status] as const),
  )

  it.each(cases)('%s × %s → %i', async (role, operation, status) => {
    const auth = await callerOf(role)
    expect(await statusOf(() => operations[operation](auth))).toBe(status)
  })

  it.each(Object.entries(expected).map(([role, row]) => [role as Role, row.buyerOnly] as const))(
    'GET /api/user/profile as %s → %i',
    async (role, status) => {
      const token = tokens.get(role)
      const response = await routeHandler(
        profileRoute,
        'GET',
      )({
        request: apiRequest('/api/user/profile', { bearer: token }),
      })
      expect(response.status).toBe(status)
    },
  )

  it('tells an unapproved seller exactly why', async () => {
    const auth = await callerOf('pendingSeller')
    expect(() => requireApprovedSeller(auth)).toThrow('You need to be an approved seller to access this page')
  })

  it('makes an observer act for its pointing seller, and show that seller in its profile', async () => {
    const auth = await callerOf('observer')
    expect(actingSellerId(auth)).toBe(roles.observer.sellerId)
    expect(currentUser(auth).seller).toMatchObject({ id: roles.approvedSeller.sellerId, status: 'approved' })
    expect(currentUser(auth)).toMatchObject({
      is_observer: true,
      is_seller: false,
      pointing_seller_id: roles.approvedSeller.sellerId,
    })
    const view = await getSellerProfile(db, auth)
    expect(view).toMatchObject({ id: roles.approvedSeller.sellerId, role: 'observer', can_edit: false })
  })

  it('keeps an observer of a pending seller out of approved-only work', async () => {
    const pending = await createSeller(db, { status: 'pending' })
    const observer = await createUser(db, { isObserver: true, pointingSellerId: pending.id })
    const session = await signInAs(db, observer.id)
    const auth = await authenticateRequest(db, apiRequest('/x', { bearer: session.accessToken }))
    expect(await statusOf(async () => requireApprovedSeller(auth))).toBe(403)
    expect(await statusOf(() => getSellerProfile(db, auth))).toBe(200)
  })

  it("edits only the caller's own seller", async () => {
    const auth = await callerOf('pendingSeller')
    const updated = await updateSellerProfile(db, auth, { ...sellerDetails, display_name: 'Pending Renamed' })
    expect(updated.id).toBe(roles.pendingSeller.sellerId)
    const other = await getSellerProfile(db, await callerOf('approvedSeller'))
    expect(other.display_name).not.toBe('Pending Renamed')
  })
})
