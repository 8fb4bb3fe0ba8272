import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { decideAreaAccess } from '~/lib/auth-access'
import {
  ALREADY_INVITED_BY_YOU,
  ALREADY_YOUR_OBSERVER,
  CANNOT_INVITE_SELF,
  INVITED_BY_ANOTHER_SELLER,
  OBSERVES_ANOTHER_SELLER,
  TARGET_IS_ADMIN,
  TARGET_IS_SELLER,
  TOO_MANY_OBSERVERS,
  cancelInvitation,
  inviteObserver,
  listObservers,
  removeObserver,
} from '~/features/sellers/observers.server'
import {
  ONLY_OWNER_MANAGES_OBSERVERS,
  inviteObserverInput,
  type InviteResult,
} from '~/features/sellers/observers.schemas'
import { getSellerProfile } from '~/features/sellers/sellers.server'
import { Route as otpRequestRoute } from '~/routes/api/auth/otp/request'
import { Route as otpVerifyRoute } from '~/routes/api/auth/otp/verify'
import { Route as registerRoute } from '~/routes/api/auth/register'
import { Route as profileRoute } from '~/routes/api/user/profile'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, observerInvitations, outboxMessages, users } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  createRoleUsers,
  freshIp,
  latestCodeFor,
  openAuthTestDatabase,
  routeHandler,
  sessionCookiesFrom,
  signInAs,
  uniquePhone,
  type RoleUsers,
} from './auth-fixtures'

const requestCode = routeHandler(otpRequestRoute, 'POST')
const verifyCode = routeHandler(otpVerifyRoute, 'POST')
const register = routeHandler(registerRoute, 'POST')
const profile = routeHandler(profileRoute, 'GET')

async function failure(
  run: () => Promise<unknown>,
): Promise<{ status: number; message: string; field?: string }> {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, message: error.message, field: Object.keys(error.fieldErrors ?? {})[0] }
    throw error
  }
  throw new Error('expected the operation to be refused')
}

describe(`observers: a seller's owner invites, lists and removes (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock('2026-11-20T08:00:00Z'))

  async function authOf(userId: number): Promise<AuthContext> {
    const session = await signInAs(db, userId)
    return (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
  }

  /** A fresh approved seller, so limits and lists of one test do not leak into another. */
  async function freshSeller(status: 'approved' | 'pending' = 'approved') {
    const owner = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner, status })
    return { owner, seller, auth: await authOf(owner.id) }
  }

  const invite = (auth: AuthContext, cellphone: string) =>
    inviteObserver(db, auth, parseInput(inviteObserverInput, { cellphone }))

  const lastMessageTo = async (phone: string) =>
    (
      await db
        .select({ body: outboxMessages.body })
        .from(outboxMessages)
        .where(eq(outboxMessages.to, phone))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
    )[0]?.body

  it('adds an existing buyer at once, texts them, and lists them with the date they were added', async () => {
    const { seller, auth } = await freshSeller()
    const buyer = await createUser(db, { firstName: 'Reza', lastName: 'Karimi' })
    // Typed the way people type it: local form with spaces.
    const result = await invite(auth, `0${buyer.cellphone.slice(3, 6)} ${buyer.cellphone.slice(6)}`)
    expect(result).toMatchObject({
      kind: 'added',
      observer: { user_id: buyer.id, since: '2026-11-20T08:00:00.000Z' },
    })

    const [row] = await db.select().from(users).where(eq(users.id, buyer.id))
    expect(row).toMatchObject({ isObserver: true, pointingSellerId: seller.id })
    expect(await lastMessageTo(buyer.cellphone)).toBe(
      `${seller.displayName} added you as an observer on Omdeh; sign in to see their seller panel: http://localhost:3000/seller`,
    )
    const overview = await listObservers(db, auth)
    expect(overview.observers).toEqual([
      {
        user_id: buyer.id,
        first_name: 'Reza',
        last_name: 'Karimi',
        cellphone: buyer.cellphone,
        since: '2026-11-20T08:00:00.000Z',
      },
    ])
    expect(overview.invitations).toEqual([])

    // The new observer now sees the seller panel of this seller, read-only for the profile.
    const observerAuth = await authOf(buyer.id)
    expect(await getSellerProfile(db, observerAuth)).toMatchObject({
      id: seller.id,
      role: 'observer',
      can_edit: false,
    })
  })

  it('refuses invalid and foreign numbers at the boundary with the sign-in wording', async () => {
    expect(() => parseInput(inviteObserverInput, { cellphone: '12345' })).toThrow(
      'Enter a valid mobile number',
    )
    expect(() => parseInput(inviteObserverInput, { cellphone: '+4915112345678' })).toThrow(
      'Only Iranian mobile numbers (+98) are accepted',
    )
    expect(() => parseInput(inviteObserverInput, { cellphone: '' })).toThrow('Field is required.')
  })

  it('refuses yourself, sellers, admins and people already observing, each with its reason', async () => {
    const { owner, seller, auth } = await freshSeller()
    const mine = await createUser(db, { isObserver: true, pointingSellerId: seller.id })
    expect(await failure(() => invite(auth, owner.cellphone))).toEqual({
      status: 422,
      message: CANNOT_INVITE_SELF(),
      field: 'cellphone',
    })
    expect((await failure(() => invite(auth, roles.pendingSeller.cellphone))).message).toBe(
      TARGET_IS_SELLER(),
    )
    expect((await failure(() => invite(auth, roles.approvedSeller.cellphone))).message).toBe(
      TARGET_IS_SELLER(),
    )
    expect((await failure(() => invite(auth, roles.admin.cellphone))).message).toBe(TARGET_IS_ADMIN())
    expect((await failure(() => invite(auth, roles.observer.cellphone))).message).toBe(
      OBSERVES_ANOTHER_SELLER(),
    )
    expect((await failure(() => invite(auth, mine.cellphone))).message).toBe(ALREADY_YOUR_OBSERVER())

    // Nothing changed for any of them, and nobody was texted.
    const [other] = await db.select().from(users).where(eq(users.id, roles.observer.id))
    expect(other!.pointingSellerId).toBe(roles.observer.sellerId)
    expect(await lastMessageTo(roles.admin.cellphone)).toBeUndefined()
    expect(await lastMessageTo(roles.pendingSeller.cellphone)).toBeUndefined()
  })

  it('only the owner of an approved seller manages observers; an observer gets 403', async () => {
    const someone = uniquePhone()
    const observer = await authOf(roles.observer.id)
    for (const run of [
      () => listObservers(db, observer),
      () => invite(observer, someone),
      () => removeObserver(db, observer, { user_id: roles.observer.id }),
      () => cancelInvitation(db, observer, { invitation_id: 1 }),
    ]) {
      expect(await failure(run)).toMatchObject({ status: 403, message: ONLY_OWNER_MANAGES_OBSERVERS() })
    }
    // The observer is still there: trying to remove oneself did nothing.
    const [row] = await db.select().from(users).where(eq(users.id, roles.observer.id))
    expect(row).toMatchObject({ isObserver: true, pointingSellerId: roles.observer.sellerId })

    const buyer = await authOf(roles.buyer.id)
    const admin = await authOf(roles.admin.id)
    const pendingOwner = await authOf(roles.pendingSeller.id)
    expect(await failure(() => listObservers(db, null))).toMatchObject({ status: 401 })
    expect(await failure(() => listObservers(db, buyer))).toMatchObject({ status: 403 })
    expect(await failure(() => invite(admin, someone))).toMatchObject({ status: 403 })
    expect(await failure(() => invite(pendingOwner, someone))).toMatchObject({
      status: 403,
      message: 'You need to be an approved seller to access this page',
    })
    expect(
      await db.select().from(observerInvitations).where(eq(observerInvitations.cellphone, someone)),
    ).toEqual([])
    // Navigation follows the same rule as the server: not a page an unapproved seller may open.
    expect(decideAreaAccess(pendingOwner.user, '/seller/profile/observers').kind).toBe('not-approved')
    expect(decideAreaAccess(pendingOwner.user, '/seller/profile').kind).toBe('allow')
  })

  it("gives 404 for another seller's observer or invitation, guessed by id, and leaves them alone", async () => {
    const a = await freshSeller()
    const b = await freshSeller()
    const bObserver = await createUser(db, { isObserver: true, pointingSellerId: b.seller.id })
    const bInvited = (await invite(b.auth, uniquePhone())) as Extract<InviteResult, { kind: 'invited' }>

    expect(await failure(() => removeObserver(db, a.auth, { user_id: bObserver.id }))).toEqual({
      status: 404,
      message: 'Observer not found',
      field: undefined,
    })
    expect(await failure(() => removeObserver(db, a.auth, { user_id: roles.buyer.id }))).toMatchObject({
      status: 404,
    })
    expect(
      await failure(() => cancelInvitation(db, a.auth, { invitation_id: bInvited.invitation.id })),
    ).toMatchObject({ status: 404, message: 'Invitation not found' })

    const overviewB = await listObservers(db, b.auth)
    expect(overviewB.observers.map((o) => o.user_id)).toEqual([bObserver.id])
    expect(overviewB.invitations.map((i) => i.id)).toEqual([bInvited.invitation.id])
    expect((await listObservers(db, a.auth)).observers).toEqual([])
  })

  it('records adding, inviting, removing and cancelling in the audit trail with before and after; refusals record nothing', async () => {
    const { owner, seller, auth } = await freshSeller()
    const auditOf = () =>
      db.select().from(auditEvents).where(eq(auditEvents.sellerId, seller.id)).orderBy(auditEvents.id)
    const buyer = await createUser(db)
    await invite(auth, buyer.cellphone)
    const phone = uniquePhone()
    const invited = (await invite(auth, phone)) as Extract<InviteResult, { kind: 'invited' }>
    await removeObserver(db, auth, { user_id: buyer.id })
    await cancelInvitation(db, auth, { invitation_id: invited.invitation.id })
    // Refused: already gone.
    await failure(() => removeObserver(db, auth, { user_id: buyer.id }))
    await failure(() => cancelInvitation(db, auth, { invitation_id: invited.invitation.id }))
    const events = await auditOf()
    expect(events.map((e) => [e.action, e.recordType, e.recordId, e.actorUserId, e.changes])).toEqual([
      [
        'observer.add',
        'user',
        String(buyer.id),
        owner.id,
        {
          isObserver: { before: false, after: true },
          pointingSellerId: { before: null, after: seller.id },
        },
      ],
      [
        'observer.invite',
        'observer_invitation',
        String(invited.invitation.id),
        owner.id,
        { cellphone: { before: null, after: phone } },
      ],
      [
        'observer.remove',
        'user',
        String(buyer.id),
        owner.id,
        {
          isObserver: { before: true, after: false },
          pointingSellerId: { before: seller.id, after: null },
        },
      ],
      [
        'observer.invitation_cancel',
        'observer_invitation',
        String(invited.invitation.id),
        owner.id,
        { cellphone: { before: phone, after: null } },
      ],
    ])
  })

  it('a removed observer loses the seller panel on their next request, with the same session', async () => {
    const { seller, auth } = await freshSeller()
    const person = await createUser(db)
    await invite(auth, person.cellphone)
    const session = await signInAs(db, person.id)
    const before = (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
    expect(await getSellerProfile(db, before)).toMatchObject({ id: seller.id })
    expect(decideAreaAccess(before.user, '/seller/orders').kind).toBe('allow')

    expect(await removeObserver(db, auth, { user_id: person.id })).toEqual({ user_id: person.id })

    // Same access token, next request: the user is loaded afresh, without the seller.
    const after = (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
    expect(after.user).toMatchObject({ is_observer: false, pointing_seller_id: null, seller: null })
    expect(await failure(() => getSellerProfile(db, after))).toMatchObject({ status: 403 })
    expect(decideAreaAccess(after.user, '/seller').kind).toBe('not-seller')
    const me = await profile({
      request: apiRequest('/api/user/profile', { cookies: { access_token: session.accessToken } }),
    })
    expect((await me.json()).data).toMatchObject({ is_observer: false, seller: null })
    expect((await listObservers(db, auth)).observers).toEqual([])
    // Removed once; a second removal finds nobody.
    expect(await failure(() => removeObserver(db, auth, { user_id: person.id }))).toMatchObject({
      status: 404,
    })
  })

  it('invites a number without an account, and its registration makes it an observer in the same step', async () => {
    const { seller, auth } = await freshSeller()
    const phone = uniquePhone()
    const result = await invite(auth, phone)
    expect(result).toMatchObject({ kind: 'invited', invitation: { cellphone: phone } })
    expect(await lastMessageTo(phone)).toBe(
      `${seller.displayName} invited you to act for them as an observer on Omdeh. Sign up with this number to see their seller panel: http://localhost:3000/auth`,
    )
    expect((await listObservers(db, auth)).invitations).toEqual([
      {
        id: (result as Extract<InviteResult, { kind: 'invited' }>).invitation.id,
        cellphone: phone,
        created_at: '2026-11-20T08:00:00.000Z',
      },
    ])
    // Inviting again is refused: for this seller and for any other.
    expect((await failure(() => invite(auth, phone))).message).toBe(ALREADY_INVITED_BY_YOU())
    const other = await freshSeller()
    expect((await failure(() => invite(other.auth, phone))).message).toBe(INVITED_BY_ANOTHER_SELLER())

    advanceClock(60_000)
    const ip = freshIp()
    await requestCode({
      request: apiRequest('/api/auth/otp/request', { body: { phone, channel: 'sms' }, ip }),
    })
    const verified = await verifyCode({
      request: apiRequest('/api/auth/otp/verify', {
        body: { phone, code: await latestCodeFor(db, phone) },
        ip,
      }),
    })
    const { data } = await verified.json()
    const created = await register({
      request: apiRequest('/api/auth/register', {
        body: { ticket: data.ticket, first_name: 'Nika', last_name: 'Sadeghi' },
        ip,
      }),
    })
    expect(created.status).toBe(201)
    const { data: signedIn } = await created.json()
    expect(signedIn.user).toMatchObject({
      is_observer: true,
      pointing_seller_id: seller.id,
      seller: { id: seller.id, status: 'approved' },
    })
    // Their first session already opens the seller panel.
    const me = await profile({
      request: apiRequest('/api/user/profile', { cookies: sessionCookiesFrom(created) }),
    })
    expect((await me.json()).data.seller).toMatchObject({ id: seller.id })

    const overview = await listObservers(db, auth)
    expect(overview.invitations).toEqual([])
    expect(overview.observers).toEqual([
      expect.objectContaining({ first_name: 'Nika', cellphone: phone, since: '2026-11-20T08:01:00.000Z' }),
    ])
  })

  it('registration without an invitation stays a plain buyer; a cancelled invitation is not applied', async () => {
    const { auth } = await freshSeller()
    const phone = uniquePhone()
    const invited = (await invite(auth, phone)) as Extract<InviteResult, { kind: 'invited' }>
    expect(await cancelInvitation(db, auth, { invitation_id: invited.invitation.id })).toEqual({
      invitation_id: invited.invitation.id,
    })
    expect((await listObservers(db, auth)).invitations).toEqual([])
    expect(
      await failure(() => cancelInvitation(db, auth, { invitation_id: invited.invitation.id })),
    ).toMatchObject({
      status: 404,
    })

    const ip = freshIp()
    await requestCode({
      request: apiRequest('/api/auth/otp/request', { body: { phone, channel: 'sms' }, ip }),
    })
    const verified = await verifyCode({
      request: apiRequest('/api/auth/otp/verify', {
        body: { phone, code: await latestCodeFor(db, phone) },
        ip,
      }),
    })
    const created = await register({
      request: apiRequest('/api/auth/register', {
        body: { ticket: (await verified.json()).data.ticket, first_name: 'Omid', last_name: 'Rahimi' },
        ip,
      }),
    })
    expect((await created.json()).data.user).toMatchObject({ is_observer: false, seller: null })
  })

  it('allows at most 10 observers per seller, pending invitations included', async () => {
    const { seller, auth } = await freshSeller()
    const existing = []
    for (let i = 0; i < 9; i++)
      existing.push(await createUser(db, { isObserver: true, pointingSellerId: seller.id }))
    await invite(auth, uniquePhone()) // the tenth seat: a pending invitation
    const eleventh = await createUser(db)
    expect(await failure(() => invite(auth, eleventh.cellphone))).toMatchObject({
      status: 409,
      message: TOO_MANY_OBSERVERS(),
    })
    const [row] = await db.select().from(users).where(eq(users.id, eleventh.id))
    expect(row!.isObserver).toBe(false)

    await removeObserver(db, auth, { user_id: existing[0]!.id })
    expect(await invite(auth, eleventh.cellphone)).toMatchObject({ kind: 'added' })
    const overview = await listObservers(db, auth)
    expect(overview.observers.length + overview.invitations.length).toBe(10)
  })

  it('invitations racing for the last seat: exactly one gets it', async () => {
    const { seller, auth } = await freshSeller()
    for (let i = 0; i < 9; i++) await createUser(db, { isObserver: true, pointingSellerId: seller.id })
    const settled = await Promise.allSettled(Array.from({ length: 8 }, () => invite(auth, uniquePhone())))
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1)
    for (const refused of settled.filter((s) => s.status === 'rejected'))
      expect((refused.reason as HttpError).message).toBe(TOO_MANY_OBSERVERS())
    const overview = await listObservers(db, auth)
    expect(overview.observers.length + overview.invitations.length).toBe(10)
  })

  it('rate limits invitations to 10 an hour per seller, refusals included', async () => {
    const { seller, auth } = await freshSeller()
    for (let i = 0; i < 10; i++) {
      expect((await failure(() => invite(auth, roles.approvedSeller.cellphone))).status).toBe(422)
    }
    const phone = uniquePhone()
    const limited = await failure(() => invite(auth, phone))
    expect(limited.status).toBe(429)
    expect(limited.message).toMatch(/^You have sent too many invitations\. Try again in \d+ minutes\.$/)
    expect(
      await db
        .select()
        .from(observerInvitations)
        .where(and(eq(observerInvitations.sellerId, seller.id), eq(observerInvitations.cellphone, phone))),
    ).toEqual([])
    // Another seller is not affected.
    expect(await invite((await freshSeller()).auth, uniquePhone())).toMatchObject({ kind: 'invited' })

    advanceClock(61 * 60_000)
    expect(await invite(auth, phone)).toMatchObject({ kind: 'invited' })
  })
})
