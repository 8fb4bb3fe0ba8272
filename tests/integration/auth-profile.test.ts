import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  changePassword,
  confirmMobileChange,
  requestMobileChangeCode,
  updateProfile,
} from '~/features/auth/auth-profile.server'
import { passwordSignIn as passwordSignInWith } from '~/features/auth/auth.server'
import { updateProfileInput } from '~/features/auth/auth.schemas'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { users } from '~/server/db/schema'
import type { CaptchaVerifier } from '~/server/providers/captcha/captcha.server'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  closeAuthTestDatabase,
  freshIp,
  latestCodeFor,
  openAuthTestDatabase,
  signInAs,
  uniquePhone,
  wrongCode,
} from './auth-fixtures'

async function failure(
  run: () => Promise<unknown>,
): Promise<{ status: number; message: string; fields?: object }> {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, message: error.message, fields: error.fieldErrors }
    throw error
  }
  throw new Error('expected the operation to fail')
}

/** The captchas the sign-ins below were asked for (`strict` once the per-phone limit escalated). */
const captchaChecks: { token: string | undefined; strict: boolean }[] = []
let captchaPasses = (_check: { token: string | undefined; strict: boolean }) => true
const captcha: CaptchaVerifier = {
  verify: async ({ token, strict }) => {
    const check = { token, strict: strict === true }
    captchaChecks.push(check)
    return captchaPasses(check)
  },
}
const passwordSignIn = (
  db: Db,
  input: Parameters<typeof passwordSignInWith>[1],
  from: Parameters<typeof passwordSignInWith>[2],
) => passwordSignInWith(db, input, from, captcha)

describe(`the signed-in user's own profile (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  const meta = () => ({ ip: freshIp(), userAgent: 'vitest' })

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock('2026-11-20T08:00:00Z'))

  async function signedIn(
    overrides: Parameters<typeof createUser>[1] = {},
  ): Promise<{ auth: AuthContext; id: number }> {
    const user = await createUser(db, overrides)
    const session = await signInAs(db, user.id)
    return { auth: (await authenticateAccessToken(db, session.accessToken, 'cookie'))!, id: user.id }
  }

  it('updates names and email; a taken email is a 422 that changes nothing', async () => {
    const { auth, id } = await signedIn()
    const updated = await updateProfile(
      db,
      auth,
      parseInput(updateProfileInput, {
        first_name: ' Leila ',
        last_name: 'Hosseini',
        email: 'LEILA@example.com',
      }),
    )
    expect(updated).toMatchObject({
      id,
      first_name: 'Leila',
      last_name: 'Hosseini',
      email: 'leila@example.com',
    })

    const other = await signedIn({ email: 'taken@example.com', firstName: 'Other' })
    const refused = await failure(() =>
      updateProfile(db, other.auth, { first_name: 'Changed', last_name: 'Name', email: 'leila@example.com' }),
    )
    expect(refused).toEqual({
      status: 422,
      message: 'This email is already in use',
      fields: { email: ['This email is already in use'] },
    })
    const [row] = await db.select().from(users).where(eq(users.id, other.id))
    expect(row).toMatchObject({ firstName: 'Other', email: 'taken@example.com' })
  })

  it('clears the email when the field is left empty', async () => {
    const { auth } = await signedIn({ email: 'old@example.com' })
    const input = parseInput(updateProfileInput, { first_name: 'A', last_name: 'B', email: '' })
    expect((await updateProfile(db, auth, input)).email).toBeNull()
  })

  it('sets a first password, then changes it only with the current one, signing out other sessions', async () => {
    const { auth, id } = await signedIn()
    const phone = auth.user.cellphone
    const set = await changePassword(db, auth, { new_password: 'First-pass-1' })
    expect(set.has_password).toBe(true)
    const elsewhere = await signInAs(db, id)

    const refused = await failure(() => changePassword(db, auth, { new_password: 'Second-pass-2' }))
    expect(refused.fields).toEqual({ current_password: ['Enter your current password'] })
    const wrong = await failure(() =>
      changePassword(db, auth, { current_password: 'nope', new_password: 'Second-pass-2' }),
    )
    expect(wrong.fields).toEqual({ current_password: ['Your current password is wrong'] })

    await changePassword(db, auth, { current_password: 'First-pass-1', new_password: 'Second-pass-2' })
    expect(await authenticateAccessToken(db, elsewhere.accessToken, 'cookie')).toBeNull()
    expect(await authenticateAccessToken(db, (await signInAs(db, id)).accessToken, 'cookie')).not.toBeNull()
    expect(
      await failure(() => passwordSignIn(db, { phone, password: 'First-pass-1' }, meta())),
    ).toMatchObject({ status: 401 })
    const signIn = await passwordSignIn(db, { phone, password: 'Second-pass-2' }, meta())
    expect(signIn.user.id).toBe(id)
  })

  it('refuses a wrong password, an unknown phone and a code-only account with the same 401', async () => {
    const withPassword = await signedIn()
    await changePassword(db, withPassword.auth, { new_password: 'Right-pass-1' })
    const codeOnly = await createUser(db)
    const answers = [
      await failure(() =>
        passwordSignIn(db, { phone: withPassword.auth.user.cellphone, password: 'Wrong-pass-1' }, meta()),
      ),
      await failure(() => passwordSignIn(db, { phone: uniquePhone(), password: 'Right-pass-1' }, meta())),
      await failure(() =>
        passwordSignIn(db, { phone: codeOnly.cellphone, password: 'Right-pass-1' }, meta()),
      ),
    ]
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        message: 'Wrong mobile number or password',
        fields: { password: ['Wrong mobile number or password'] },
      })
    }
  })

  it('limits password attempts per phone and client: 429 with Retry-After', async () => {
    const { auth } = await signedIn()
    await changePassword(db, auth, { new_password: 'Right-pass-1' })
    const guesser = meta()
    for (let i = 0; i < 5; i++) {
      await failure(() =>
        passwordSignIn(db, { phone: auth.user.cellphone, password: `Wrong-${i}x` }, guesser),
      )
    }
    const limited = await passwordSignIn(
      db,
      { phone: auth.user.cellphone, password: 'Right-pass-1' },
      guesser,
    ).catch((e: HttpError) => e)
    expect(limited).toBeInstanceOf(HttpError)
    expect((limited as HttpError).status).toBe(429)
    expect(Number((limited as HttpError).headers?.['retry-after'])).toBeGreaterThan(800)
    advanceClock(15 * 60_000)
    expect(
      (await passwordSignIn(db, { phone: auth.user.cellphone, password: 'Right-pass-1' }, guesser)).kind,
    ).toBe('signed_in')
  })

  it("another client's wrong passwords do not lock the owner out, and correct ones use up nothing", async () => {
    const { auth } = await signedIn()
    await changePassword(db, auth, { new_password: 'Right-pass-1' })
    const phone = auth.user.cellphone
    const attacker = meta()
    for (let i = 0; i < 6; i++) {
      await failure(() => passwordSignIn(db, { phone, password: `Wrong-${i}x` }, attacker))
    }
    expect(
      await failure(() => passwordSignIn(db, { phone, password: 'Right-pass-1' }, attacker)),
    ).toMatchObject({
      status: 429,
    })
    // The owner, on their own device, signs in at once, and more often than the five tries allow.
    const owner = meta()
    for (let i = 0; i < 7; i++) {
      expect((await passwordSignIn(db, { phone, password: 'Right-pass-1' }, owner)).kind).toBe('signed_in')
    }
  })

  it('past ten wrong passwords for a phone from anywhere, asks every client for a strict captcha first', async () => {
    const { auth } = await signedIn()
    await changePassword(db, auth, { new_password: 'Right-pass-1' })
    const phone = auth.user.cellphone
    captchaChecks.length = 0
    // Ten guessers, one wrong password each: no captcha is asked for yet.
    for (let i = 0; i < 10; i++)
      await failure(() => passwordSignIn(db, { phone, password: `Wrong-${i}x` }, meta()))
    expect(captchaChecks).toEqual([])
    // Now even the owner must pass a strict captcha; a failed one is a 422 that counts nothing.
    captchaPasses = () => false
    const owner = meta()
    const refused = await failure(() =>
      passwordSignIn(db, { phone, password: 'Right-pass-1', captcha_token: 't1' }, owner),
    )
    expect(refused).toEqual({
      status: 422,
      message: 'The captcha check failed. Try again.',
      fields: { captcha_token: ['The captcha check failed. Try again.'] },
    })
    captchaPasses = (check) => check.strict && check.token === 't2'
    const signIn = await passwordSignIn(db, { phone, password: 'Right-pass-1', captcha_token: 't2' }, owner)
    expect(signIn.kind).toBe('signed_in')
    expect(captchaChecks).toEqual([
      { token: 't1', strict: true },
      { token: 't2', strict: true },
    ])
    captchaPasses = () => true
  })

  it('changes the mobile number with a code sent to the new number', async () => {
    const { auth, id } = await signedIn()
    const newPhone = uniquePhone()
    const sent = await requestMobileChangeCode(db, auth, { phone: newPhone, channel: 'sms' }, meta())
    expect(sent).toMatchObject({ phone: newPhone, expires_in: 120 })
    const code = await latestCodeFor(db, newPhone)

    const wrong = await failure(() =>
      confirmMobileChange(db, auth, { phone: newPhone, code: wrongCode(code) }),
    )
    expect(wrong).toMatchObject({ status: 401, message: 'Wrong code. 4 tries left.' })
    const [unchanged] = await db.select().from(users).where(eq(users.id, id))
    expect(unchanged!.cellphone).toBe(auth.user.cellphone)

    const updated = await confirmMobileChange(db, auth, { phone: newPhone, code })
    expect(updated.cellphone).toBe(newPhone)
    // A sign-in code for the new number does not change anyone's number, and vice versa.
    const replay = await failure(() => confirmMobileChange(db, auth, { phone: newPhone, code }))
    expect(replay.status).toBe(401)
  })

  it("refuses a number that is the user's own or belongs to someone else", async () => {
    const { auth } = await signedIn()
    const other = await createUser(db)
    expect(
      await failure(() =>
        requestMobileChangeCode(db, auth, { phone: auth.user.cellphone, channel: 'sms' }, meta()),
      ),
    ).toMatchObject({
      status: 422,
      fields: { phone: ['This is already your mobile number'] },
    })
    expect(
      await failure(() =>
        requestMobileChangeCode(db, auth, { phone: other.cellphone, channel: 'sms' }, meta()),
      ),
    ).toMatchObject({
      status: 422,
      fields: { phone: ['This mobile number belongs to another account'] },
    })
  })

  it("does not accept another user's mobile-change code", async () => {
    const alice = await signedIn()
    const bob = await signedIn()
    const phone = uniquePhone()
    await requestMobileChangeCode(db, alice.auth, { phone, channel: 'sms' }, meta())
    const code = await latestCodeFor(db, phone)
    expect(await failure(() => confirmMobileChange(db, bob.auth, { phone, code }))).toMatchObject({
      status: 401,
    })
    const [bobRow] = await db.select().from(users).where(eq(users.id, bob.id))
    expect(bobRow!.cellphone).toBe(bob.auth.user.cellphone)
  })

  it('refuses every profile operation to a guest with 401', async () => {
    expect(
      (await failure(() => updateProfile(db, null, { first_name: 'A', last_name: 'B', email: null }))).status,
    ).toBe(401)
    expect((await failure(() => changePassword(db, null, { new_password: 'Whatever-1' }))).status).toBe(401)
    expect(
      (
        await failure(() =>
          requestMobileChangeCode(db, null, { phone: uniquePhone(), channel: 'sms' }, meta()),
        )
      ).status,
    ).toBe(401)
  })
})
