/**
 * `npm run db:backup` / `db:restore` (issue #14 §3), run as an operator runs them: a round trip
 * through the embedded database's tarball, and, on a PostgreSQL server (TEST_DATABASE_URL), through
 * pg_dump/pg_restore. What comes back is what went in; a restore refuses to overwrite data without
 * --force, refuses an archive of the other kind, and a broken archive changes nothing.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseTarget } from '~/server/db/client.server'
import { orders, users } from '~/server/db/schema'
import { createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { ROOT } from '../support/server-endpoints'

const tsx = join(ROOT, 'node_modules/.bin/tsx')

/** Runs the script as `npm run db:<mode>` does, with the database chosen by the environment. */
function script(mode: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'development' }
  delete base.DATABASE_URL
  const result = spawnSync(tsx, [join(ROOT, 'scripts/db-backup.ts'), mode, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...base, ...env },
    timeout: 120_000,
  })
  return { status: result.status, out: `${result.stdout}${result.stderr}` }
}

/** What a round trip must bring back: users by phone, and each order's number and total. */
async function contents(target: DatabaseTarget) {
  const handle = await openDatabase(target)
  try {
    const people = await handle.db.select({ phone: users.cellphone }).from(users).orderBy(users.cellphone)
    const placed = await handle.db
      .select({ number: orders.number, total: orders.total })
      .from(orders)
      .orderBy(orders.number)
    return { people: people.map((p) => p.phone), orders: placed }
  } finally {
    await handle.close()
  }
}

/** A migrated database with a few users and an order with its lines. */
async function fill(target: DatabaseTarget) {
  const handle = await openDatabase(target)
  try {
    await handle.migrate()
    const buyer = await createUser(handle.db, { firstName: 'Backed', lastName: 'Up' })
    await createUser(handle.db)
    await createPendingOrder(handle.db, { buyer })
  } finally {
    await handle.close()
  }
}

const serverUrl = process.env.TEST_DATABASE_URL
const hasClient = spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0

// Once per CI run: the PostgreSQL pass of tests/integration runs only the server's part.
describe.skipIf(serverUrl)('db:backup and db:restore on the embedded database', () => {
  let work: string
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'omdeh-backup-'))
  })
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('restores into an empty folder exactly what was backed up, and refuses to overwrite without --force', async () => {
    const source = join(work, 'source')
    await fill({ kind: 'pglite', dataDir: join(source, 'pglite') })
    const before = await contents({ kind: 'pglite', dataDir: join(source, 'pglite') })
    expect(before.people.length).toBeGreaterThanOrEqual(2)
    expect(before.orders).toHaveLength(1)

    const archive = join(work, 'backup.tar.gz')
    const backedUp = script('backup', ['--out', archive], { DATA_DIR: source })
    expect(backedUp.status, backedUp.out).toBe(0)
    expect(backedUp.out).toMatch(/Backed up the embedded database/)

    const target = join(work, 'target')
    const restored = script('restore', [archive], { DATA_DIR: target })
    expect(restored.status, restored.out).toBe(0)
    expect(await contents({ kind: 'pglite', dataDir: join(target, 'pglite') })).toEqual(before)

    // Again into the now-full folder: refused, then with --force the old folder is kept beside it.
    const refused = script('restore', [archive], { DATA_DIR: target })
    expect(refused.status).toBe(1)
    expect(refused.out).toMatch(/already holds a database: pass --force/)
    const forced = script('restore', [archive, '--force'], { DATA_DIR: target })
    expect(forced.status, forced.out).toBe(0)
    expect(readdirSync(target).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1)
    expect(await contents({ kind: 'pglite', dataDir: join(target, 'pglite') })).toEqual(before)
  }, 180_000)

  it('refuses an archive that is not an embedded-database backup, and a database that is open', async () => {
    const bogus = join(work, 'bogus.dump')
    writeFileSync(bogus, 'PGDMP not really')
    const wrongKind = script('restore', [bogus], { DATA_DIR: join(work, 'elsewhere') })
    expect(wrongKind.status).toBe(1)
    expect(wrongKind.out).toMatch(/not a backup of the embedded database/)
    expect(existsSync(join(work, 'elsewhere', 'pglite'))).toBe(false)

    const open = join(work, 'open')
    await fill({ kind: 'pglite', dataDir: join(open, 'pglite') })
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(open, 'pglite') })
    try {
      const busy = script('backup', ['--out', join(work, 'busy.tar.gz')], { DATA_DIR: open })
      expect(busy.status).toBe(1)
      expect(busy.out).toMatch(/in use: stop the server first/)
    } finally {
      await handle.close()
    }
  }, 120_000)
})

describe.runIf(serverUrl && hasClient)('db:backup and db:restore on a PostgreSQL server', () => {
  const names = [1, 2].map(() => `omdeh_backup_${randomBytes(5).toString('hex')}`)
  const urlOf = (name: string) => {
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    return url.toString()
  }
  let work: string
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'omdeh-backup-pg-'))
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} })
    for (const name of names) await admin.unsafe(`create database ${name}`)
    await admin.end()
  })
  afterAll(async () => {
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} })
    for (const name of names) await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.end()
    rmSync(work, { recursive: true, force: true })
  })

  it('round-trips through pg_dump and pg_restore, and a broken archive changes nothing', async () => {
    const [sourceName, targetName] = names as [string, string]
    const source: DatabaseTarget = { kind: 'postgres', url: urlOf(sourceName) }
    const target: DatabaseTarget = { kind: 'postgres', url: urlOf(targetName) }
    await fill(source)
    const before = await contents(source)

    const archive = join(work, 'backup.dump')
    const backedUp = script('backup', ['--out', archive], { DATABASE_URL: source.url })
    expect(backedUp.status, backedUp.out).toBe(0)
    const restored = script('restore', [archive], { DATABASE_URL: target.url })
    expect(restored.status, restored.out).toBe(0)
    expect(await contents(target)).toEqual(before)

    // The restored database is whole: the app's migrations see nothing left to do, the job queue is there.
    const handle = await openDatabase(target)
    try {
      await handle.migrate()
      const [row] = await handle.db.select({ n: count() }).from(users).where(eq(users.firstName, 'Backed'))
      expect(row!.n).toBe(1)
      await handle.db
        .insert(users)
        .values({ cellphone: '+989390000777', firstName: 'Added', lastName: 'Later' })
    } finally {
      await handle.close()
    }

    // A restore over data needs --force; a truncated archive fails and leaves the data as it was.
    expect(script('restore', [archive], { DATABASE_URL: target.url }).out).toMatch(/already has data/)
    const broken = join(work, 'broken.dump')
    writeFileSync(broken, readFileSync(archive).subarray(0, Math.floor(readFileSync(archive).length / 2)))
    const failed = script('restore', [broken, '--force'], { DATABASE_URL: target.url })
    expect(failed.status).toBe(1)
    expect(failed.out).toMatch(/The restore failed and changed nothing/)
    expect((await contents(target)).people).toContain('+989390000777')

    // With --force the backup replaces it: the later user is gone again.
    const forced = script('restore', [archive, '--force'], { DATABASE_URL: target.url })
    expect(forced.status, forced.out).toBe(0)
    expect(await contents(target)).toEqual(before)
    // And an embedded-database tarball is refused here.
    const tarball = join(work, 'x.tar.gz')
    writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 0, 0, 0]))
    expect(script('restore', [tarball, '--force'], { DATABASE_URL: target.url }).out).toMatch(
      /not a pg_dump archive/,
    )
  }, 180_000)
})
