/**
 * Issue #35 §2: a real deployment's administrator comes from `npm run admin:create`, with a password
 * the operator chooses (production loads no demo accounts). The operation the script runs, and the
 * script itself as an operator runs it, on the embedded database and on PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminAccountInputError, createOrPromoteAdmin } from '~/admin-account.server'
import { demoAccounts, demoPassword } from '~/features/demo/data/demo-accounts'
import { Route as passwordRoute } from '~/routes/api/auth/password'
import { Route as profileRoute } from '~/routes/api/user/profile'
import { hashPassword } from '~/server/auth/password.server'
import { openDatabase, type DatabaseHandle, type Db } from '~/server/db/client.server'
import { auditEvents, sessions, users } from '~/server/db/schema'
import { createUser } from '../factories/create'
import { ROOT } from '../support/server-endpoints'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  freshIp,
  openAuthTestDatabase,
  routeHandler,
  sessionCookiesFrom,
  signInAs,
  uniquePhone,
} from './auth-fixtures'

const passwordSignIn = routeHandler(passwordRoute, 'POST')
const profile = routeHandler(profileRoute, 'GET')
const STRONG = 'Saffron-Ledger-4821'

let handle: DatabaseHandle
let db: Db

beforeAll(async () => {
  ;({ handle, db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

async function signIn(phone: string, password: string) {
  return passwordSignIn({
    request: apiRequest('/api/auth/password', { body: { phone, password }, ip: freshIp() }),
  })
}

async function auditOf(userId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.recordType, 'user'), eq(auditEvents.recordId, String(userId))))
    .orderBy(desc(auditEvents.id))
}

async function refusal(work: Promise<unknown>): Promise<Record<string, string>> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AdminAccountInputError)
  return (error as AdminAccountInputError).problems
}

describe(`npm run admin:create's operation (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates an administrator who signs in with the chosen password; audited as the system, without the password', async () => {
    const local = `0${uniquePhone().slice(3)}`
    const result = await createOrPromoteAdmin(db, {
      phone: ` ${local} `,
      firstName: 'Sara',
      lastName: 'Ahmadi',
      password: STRONG,
    })
    const phone = `+98${local.slice(1)}`
    expect(result).toMatchObject({ phone, outcome: 'created', passwordChanged: true })
    const [row] = await db.select().from(users).where(eq(users.id, result.userId))
    expect(row).toMatchObject({ cellphone: phone, firstName: 'Sara', lastName: 'Ahmadi', isAdmin: true })
    // The app's own hash (argon2id), never the password itself.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)

    const response = await signIn(phone, STRONG)
    expect(response.status).toBe(200)
    const me = await profile({
      request: apiRequest('/api/user/profile', { cookies: sessionCookiesFrom(response) }),
    })
    expect(((await me.json()) as { data: { is_admin: boolean } }).data.is_admin).toBe(true)

    const [event] = await auditOf(result.userId)
    expect(event).toMatchObject({
      actorUserId: null,
      action: 'user.admin_create',
      reason: 'command_line',
      changes: { is_admin: { before: null, after: true }, cellphone: { before: null, after: phone } },
    })
    expect(JSON.stringify(event)).not.toContain(STRONG)
    expect(JSON.stringify(event)).not.toContain(row!.passwordHash!)
  })

  it.each([
    ['Short-pw-1', /at least 12 characters/],
    ['only-letters-and-dashes', /one letter and one digit/],
    ['123456789012345', /one letter and one digit/],
    ['aaaaaaaaaaa1a1', /too few different characters/],
    [`${demoPassword}!x`, /demo password/],
  ])('refuses the weak password %j with a clear message, and creates nothing', async (password, message) => {
    const phone = uniquePhone()
    const problems = await refusal(
      createOrPromoteAdmin(db, { phone, firstName: 'Sara', lastName: 'Ahmadi', password }),
    )
    expect(problems.password).toMatch(message)
    expect(await db.select().from(users).where(eq(users.cellphone, phone))).toEqual([])
  })

  it('refuses a password that contains the mobile number', async () => {
    const phone = uniquePhone()
    const problems = await refusal(
      createOrPromoteAdmin(db, {
        phone,
        firstName: 'Sara',
        lastName: 'Ahmadi',
        password: `pw${phone.slice(3)}x`,
      }),
    )
    expect(problems.password).toMatch(/mobile number/)
  })

  it('checks the number with the sign-in form’s rules, and refuses a demo account’s number', async () => {
    const input = { firstName: 'Sara', lastName: 'Ahmadi', password: STRONG }
    expect((await refusal(createOrPromoteAdmin(db, { ...input, phone: '0912123' }))).phone).toBe(
      'Enter a valid mobile number',
    )
    expect((await refusal(createOrPromoteAdmin(db, { ...input, phone: '+4915112345678' }))).phone).toMatch(
      /Iran/,
    )
    expect(
      (await refusal(createOrPromoteAdmin(db, { ...input, phone: demoAccounts.admin.cellphone }))).phone,
    ).toMatch(/demo account/)
  })

  it('asks for the name and the password of a new account', async () => {
    const phone = uniquePhone()
    const problems = await refusal(createOrPromoteAdmin(db, { phone }))
    expect(Object.keys(problems).sort()).toEqual(['firstName', 'lastName', 'password'])
    expect(await db.select().from(users).where(eq(users.cellphone, phone))).toEqual([])
    expect(
      (await refusal(createOrPromoteAdmin(db, { phone, firstName: '', lastName: 'A1', password: STRONG })))
        .firstName,
    ).toBeTruthy()
  })

  it('makes an existing account an administrator, keeping its password and sign-ins when none is given', async () => {
    const user = await createUser(db, {
      passwordHash: await hashPassword('Buyer-pass-77'),
      firstName: 'Reza',
    })
    const session = await signInAs(db, user.id)
    const result = await createOrPromoteAdmin(db, {
      phone: user.cellphone,
      firstName: 'Ignored',
      lastName: 'Ignored',
    })
    expect(result).toMatchObject({ userId: user.id, outcome: 'promoted', passwordChanged: false })
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ isAdmin: true, firstName: 'Reza', passwordHash: user.passwordHash })
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.familyId, session.familyId), isNull(sessions.revokedAt)))
    expect(live).toHaveLength(1)
    const [event] = await auditOf(user.id)
    expect(event).toMatchObject({
      actorUserId: null,
      action: 'user.admin_grant',
      reason: 'command_line',
      changes: { is_admin: { before: false, after: true } },
    })
    // Run again: nothing to do, nothing recorded.
    expect((await createOrPromoteAdmin(db, { phone: user.cellphone })).outcome).toBe('already_admin')
    expect(await auditOf(user.id)).toHaveLength(1)
  })

  it('replaces an existing account’s password when one is given, ending its sign-ins', async () => {
    const user = await createUser(db, { passwordHash: await hashPassword('Buyer-pass-77') })
    const session = await signInAs(db, user.id)
    const result = await createOrPromoteAdmin(db, { phone: user.cellphone, password: STRONG })
    expect(result).toMatchObject({ outcome: 'promoted', passwordChanged: true })
    expect((await signIn(user.cellphone, 'Buyer-pass-77')).status).toBe(401)
    expect((await signIn(user.cellphone, STRONG)).status).toBe(200)
    const [old] = await db.select().from(sessions).where(eq(sessions.familyId, session.familyId))
    expect(old!.revokedAt).not.toBeNull()
    const [event] = await auditOf(user.id)
    expect(event!.changes).toEqual({
      is_admin: { before: false, after: true },
      password: { before: 'previous', after: 'replaced' },
    })
  })
})

/** The script as `npm run admin:create` runs it, nothing asked (no terminal). */
function adminCreate(args: string[], env: Record<string, string>) {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'development' }
  delete base.DATABASE_URL
  delete base.ADMIN_PASSWORD
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'scripts/admin-create.ts'), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...base, ...env },
      timeout: 180_000,
    },
  )
  return { status: result.status, out: `${result.stdout}${result.stderr}` }
}

describe(`npm run admin:create (${usingPostgres() ? 'PostgreSQL' : 'embedded database'})`, () => {
  let dataDir: string | undefined
  /** The database the script is pointed at: the test's own server database, or a new embedded one. */
  let env: Record<string, string>
  let target: Db
  let closeTarget: (() => Promise<void>) | undefined

  beforeAll(async () => {
    if (handle.connection.kind === 'postgres') {
      env = { DATABASE_URL: handle.connection.url }
      target = db
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'omdeh-admin-create-'))
      env = { DATA_DIR: dataDir }
    }
  })
  afterAll(async () => {
    await closeTarget?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses a weak password before touching the database, and never prints it', () => {
    const phone = uniquePhone()
    const run = adminCreate(['--phone', phone, '--first-name', 'Sara', '--last-name', 'Ahmadi'], {
      ...env,
      ADMIN_PASSWORD: 'weakpass1',
    })
    expect(run.status).toBe(2)
    expect(run.out).toContain('at least 12 characters')
    expect(run.out).not.toContain('weakpass1')
  }, 180_000)

  it('creates the administrator from flags and ADMIN_PASSWORD, printing no password', async () => {
    const phone = uniquePhone()
    const run = adminCreate(['--phone', phone, '--first-name', 'Sara', '--last-name', 'Ahmadi'], {
      ...env,
      ADMIN_PASSWORD: STRONG,
    })
    expect(run.out).toContain(`Created the administrator ${phone}`)
    expect(run.status).toBe(0)
    expect(run.out).not.toContain(STRONG)
    if (dataDir) {
      const opened = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') })
      target = opened.db
      closeTarget = () => opened.close()
    }
    const [row] = await target.select().from(users).where(eq(users.cellphone, phone))
    expect(row).toMatchObject({ isAdmin: true, firstName: 'Sara' })
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
  }, 180_000)
})
