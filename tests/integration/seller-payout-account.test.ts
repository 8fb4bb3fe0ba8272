import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { issueCode } from '~/features/auth/auth-codes.server'
import { currentPayoutAccount, payoutsHeld } from '~/features/sellers/index.server'
import {
  getPayoutAccount,
  payoutAccountHistory,
  savePayoutAccount,
  sendPayoutAccountCode,
} from '~/features/sellers/payout-account.server'
import { savePayoutAccountInput } from '~/features/sellers/payout-account.schemas'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, outboxMessages, sellerPayoutAccounts } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  closeAuthTestDatabase,
  createRoleUsers,
  freshIp,
  latestCodeFor,
  openAuthTestDatabase,
  signInAs,
  wrongCode,
  type RoleUsers,
} from './auth-fixtures'

const PARSIAN = 'IR820540102680020817909002'
const PASARGAD = 'IR870570028180010653892101'

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

describe(`the seller's payout account (Sheba) (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
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

  async function newOwner() {
    const owner = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner, status: 'approved' })
    return { owner, seller, auth: await authOf(owner.id) }
  }

  /** Sends a code to the owner's phone and reads it from the outbox. */
  async function freshCode(auth: AuthContext): Promise<string> {
    await sendPayoutAccountCode(db, auth, { ip: freshIp(), userAgent: 'vitest' })
    return latestCodeFor(db, auth.user.cellphone)
  }

  const input = (sheba: string, code: string, holder = 'Test Trading Co.') =>
    parseInput(savePayoutAccountInput, { sheba, holder_name: holder, code })

  it('registers a first account with a fresh code: no hold, audited, bank derived, the code used up', async () => {
    const { seller, auth, owner } = await newOwner()
    expect(await currentPayoutAccount(db, seller.id)).toBeNull()
    const code = await freshCode(auth)
    const view = await savePayoutAccount(db, auth, input('ir82 0540 1026 8002 0817 9090 02', code))
    expect(view.account).toMatchObject({
      sheba_masked: 'IR•• •••• •••• •••• •••• ••90 02',
      bank_code: '054',
      holder_name: 'Test Trading Co.',
      payouts_held_until: null,
    })
    const current = await currentPayoutAccount(db, seller.id)
    expect(current).toEqual({
      sheba: PARSIAN,
      holderName: 'Test Trading Co.',
      bankCode: '054',
      payoutsHeldUntil: null,
    })
    expect(payoutsHeld(current!, new Date())).toBe(false)
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.sellerId, seller.id), eq(auditEvents.action, 'seller.payout_account_register')),
      )
    expect(audit?.actorUserId).toBe(owner.id)
    // The same code does not register twice.
    const reused = await failure(() => savePayoutAccount(db, auth, input(PASARGAD, code)))
    expect(reused.status).toBe(401)
    expect(reused.field).toBe('code')
    expect((await currentPayoutAccount(db, seller.id))!.sheba).toBe(PARSIAN)
  })

  it('refuses a save without a code, with a wrong code, and with a sign-in code', async () => {
    const { seller, auth } = await newOwner()
    // No code at all: the schema refuses it before anything runs.
    expect(() => parseInput(savePayoutAccountInput, { sheba: PARSIAN, holder_name: 'X Co.' })).toThrow(
      HttpError,
    )
    // A code never sent for this purpose.
    const none = await failure(() => savePayoutAccount(db, auth, input(PARSIAN, '123456')))
    expect(none.status).toBe(401)
    // A sign-in code to the same phone is not a payout code.
    await issueCode(db, { phone: auth.user.cellphone, purpose: 'login' }, 'sms', freshIp())
    const signInCode = await latestCodeFor(db, auth.user.cellphone)
    const login = await failure(() => savePayoutAccount(db, auth, input(PARSIAN, signInCode)))
    expect(login.status).toBe(401)
    // A wrong code.
    advanceClock(61_000)
    const code = await freshCode(auth)
    const wrong = await failure(() => savePayoutAccount(db, auth, input(PARSIAN, wrongCode(code))))
    expect(wrong.status).toBe(401)
    expect(wrong.field).toBe('code')
    expect(await currentPayoutAccount(db, seller.id)).toBeNull()
    // An expired code.
    advanceClock(30 * 60_000)
    const expired = await failure(() => savePayoutAccount(db, auth, input(PARSIAN, code)))
    expect(expired.status).toBe(401)
    expect(await currentPayoutAccount(db, seller.id)).toBeNull()
  })

  it('refuses a bad Sheba and a missing holder name with field messages', () => {
    const bad = (value: Record<string, unknown>) => {
      try {
        parseInput(savePayoutAccountInput, value)
      } catch (error) {
        return Object.keys((error as HttpError).fieldErrors ?? {})
      }
      return []
    }
    expect(bad({ sheba: 'IR820540102680020817909003', holder_name: 'X Co.', code: '123456' })).toEqual([
      'sheba',
    ])
    expect(bad({ sheba: PARSIAN, holder_name: ' ', code: '123456' })).toEqual(['holder_name'])
    expect(bad({ sheba: PARSIAN, holder_name: 'x'.repeat(101), code: '123456' })).toEqual(['holder_name'])
  })

  it('lets only the owner change it: an observer is refused; another seller writes only its own', async () => {
    const observer = await authOf(roles.observer.id)
    expect(
      (await failure(() => sendPayoutAccountCode(db, observer, { ip: freshIp(), userAgent: 'v' }))).status,
    ).toBe(403)
    expect((await failure(() => savePayoutAccount(db, observer, input(PARSIAN, '123456')))).status).toBe(403)
    const observed = await getPayoutAccount(db, observer)
    expect(observed.can_edit).toBe(false)
    const buyer = await authOf(roles.buyer.id)
    expect((await failure(() => getPayoutAccount(db, buyer))).status).toBe(403)
    expect((await failure(() => getPayoutAccount(db, null))).status).toBe(401)

    const owner = await authOf(roles.approvedSeller.id)
    const ownerCode = await freshCode(owner)
    // Another seller cannot use the owner's code (it is bound to the owner), and a save writes its own seller.
    const other = await newOwner()
    expect((await failure(() => savePayoutAccount(db, other.auth, input(PASARGAD, ownerCode)))).status).toBe(
      401,
    )
    const otherCode = await freshCode(other.auth)
    await savePayoutAccount(db, other.auth, input(PASARGAD, otherCode))
    expect(await currentPayoutAccount(db, roles.approvedSeller.sellerId)).toBeNull()
    expect((await currentPayoutAccount(db, other.seller.id))!.sheba).toBe(PASARGAD)
    await savePayoutAccount(db, owner, input(PARSIAN, ownerCode))
    expect((await currentPayoutAccount(db, roles.approvedSeller.sellerId))!.sheba).toBe(PARSIAN)
  })

  it('a change holds payouts for 72 hours, is audited and texts the owner', async () => {
    const { seller, auth } = await newOwner()
    await savePayoutAccount(db, auth, input(PARSIAN, await freshCode(auth)))
    advanceClock(5 * 60_000)
    const changedAt = new Date('2026-11-20T08:05:00Z')
    const view = await savePayoutAccount(db, auth, input(PASARGAD, await freshCode(auth), 'New Holder'))
    const heldUntil = new Date(changedAt.getTime() + 72 * 3_600_000)
    expect(view.account?.payouts_held_until).toBe(heldUntil.toISOString())
    const current = (await currentPayoutAccount(db, seller.id))!
    expect(current).toMatchObject({ sheba: PASARGAD, holderName: 'New Holder', bankCode: '057' })
    expect(payoutsHeld(current, new Date(heldUntil.getTime() - 1000))).toBe(true)
    expect(payoutsHeld(current, heldUntil)).toBe(false)
    // The history keeps both registrations.
    expect((await payoutAccountHistory(db, seller.id)).map((row) => row.sheba)).toEqual([PARSIAN, PASARGAD])
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sellerId, seller.id), eq(auditEvents.action, 'seller.payout_account_change')))
    expect(audit).toBeDefined()
    const [sms] = await db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.to, auth.user.cellphone))
      .orderBy(desc(outboxMessages.id))
      .limit(1)
    expect(sms?.body).toContain('2101')
    expect(sms?.body).not.toContain(PASARGAD)
    // After 72 hours the page no longer says payouts are held.
    advanceClock(72 * 3_600_000)
    expect((await getPayoutAccount(db, auth)).account?.payouts_held_until).toBeNull()
  })

  it('keeps the history append-only in the database', async () => {
    const { seller, auth } = await newOwner()
    await savePayoutAccount(db, auth, input(PARSIAN, await freshCode(auth)))
    await expect(
      db
        .update(sellerPayoutAccounts)
        .set({ sheba: PASARGAD })
        .where(eq(sellerPayoutAccounts.sellerId, seller.id)),
    ).rejects.toThrow()
  })
})
