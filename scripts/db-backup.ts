/**
 * `npm run db:backup [-- --out FILE]` and `npm run db:restore -- FILE [--force]`: a backup of the
 * configured database (DATABASE_URL, or the embedded PGlite under DATA_DIR) and its restore.
 *
 * - Embedded (PGlite): the data folder as a gzipped tarball (PGlite's dumpDataDir). The server
 *   must be stopped: PGlite is one process's database. A restore loads the tarball into a fresh
 *   folder and keeps the one it replaces beside it (`pglite.replaced-<time>`), never deleting it.
 * - Server: `pg_dump --format=custom` (a consistent snapshot while the app runs), and
 *   `pg_restore --clean --if-exists --single-transaction`: all or nothing.
 *
 * A restore refuses a database that already has data unless --force is given, and an archive of the
 * other kind (a PGlite tarball into a server, a pg_dump file into PGlite). Media (DATA_DIR/media or
 * the S3 bucket) is not in the database: back it up with the bucket's or the disk's own tools.
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { ConfigError, loadServerConfig } from '../app.config'
import { fileNameStamp } from '../src/lib/file-names'
import { openDatabase, selectRows, type DatabaseTarget, type Db } from '../src/server/db/client.server'
import { sql } from 'drizzle-orm'

const usage = `Usage:
  npm run db:backup [-- --out FILE]        write a backup (default: backups/omdeh-<kind>-<time>.<ext>)
  npm run db:restore -- FILE [--force]     restore one (--force: replace a database that has data)

The database is the configured one: DATABASE_URL, or the embedded database under DATA_DIR.`

class UsageError extends Error {}

/** Tehran wall-clock time in a backup's name: "20261126-053000". */
const stamp = () => fileNameStamp(new Date())
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Users in the database, or null when it has no schema yet: what a restore reports and checks. */
async function countUsers(db: Db): Promise<number | null> {
  const [exists] = await selectRows<{ table: string | null }>(
    db,
    sql`select to_regclass('public.users')::text as table`,
  )
  if (!exists?.table) return null
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from users`)
  return Number(row?.n ?? 0)
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' })
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === 'ENOENT'
    throw new UsageError(
      missing
        ? `${command} is not installed: install the PostgreSQL client of the server's version (apt-get install postgresql-client)`
        : `${command} failed: ${result.error.message}`,
    )
  }
  if (result.status !== 0) throw new UsageError(`${command} failed:\n${result.stderr.trim()}`)
}

/**
 * pg_restore's SQL run by psql inside one transaction that first drops what the archive re-creates
 * (the app's schema, the migrations' record and the job queue's schema). COMMIT is sent only once
 * pg_restore has finished cleanly; otherwise psql is stopped and the server rolls everything back,
 * so a failed restore leaves the database as it was. (pg_restore --clean cannot drop pg-boss's
 * partitioned tables piece by piece.)
 */
function restoreServer(url: string, file: string): Promise<void> {
  const prelude = [
    'begin;',
    'drop schema if exists pgboss cascade;',
    'drop schema if exists drizzle cascade;',
    'drop schema if exists public cascade;',
    'create schema public;',
    '',
  ].join('\n')
  return new Promise((resolvePromise, reject) => {
    let errors = ''
    const fail = (message: string) =>
      reject(new UsageError(`The restore failed and changed nothing:\n${message}`))
    const notInstalled = (command: string) => (error: NodeJS.ErrnoException) =>
      reject(
        new UsageError(
          error.code === 'ENOENT'
            ? `${command} is not installed: install the PostgreSQL client of the server's version (apt-get install postgresql-client)`
            : `${command} failed: ${error.message}`,
        ),
      )
    const psql = spawn(
      'psql',
      ['--quiet', '--no-psqlrc', '--set=ON_ERROR_STOP=1', `--dbname=${url}`, '--file=-'],
      {
        stdio: ['pipe', 'ignore', 'pipe'],
        // The drops' "cascades to" notices are not news.
        env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' },
      },
    )
    psql.on('error', notInstalled('psql'))
    psql.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    psql.stdin.on('error', () => {}) // psql stopped on an error: its exit code tells
    psql.stdin.write(prelude)
    const dump = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    dump.on('error', (error) => {
      psql.kill()
      notInstalled('pg_restore')(error)
    })
    dump.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    dump.stdout.pipe(psql.stdin, { end: false })
    dump.on('close', (code) => {
      if (code === 0 && psql.exitCode === null) psql.stdin.end('commit;\n')
      else psql.kill()
    })
    psql.on('exit', (code, signal) => {
      if (code === 0 && !signal && dump.exitCode === 0) resolvePromise()
      else fail(errors.trim() || `psql ended with ${signal ?? code}`)
    })
  })
}

/** The embedded database is open while its folder holds postmaster.pid (a running server, or one killed). */
function assertPgliteClosed(dataDir: string, force: boolean): void {
  if (existsSync(join(dataDir, 'postmaster.pid')) && !force) {
    throw new UsageError(
      `The embedded database in ${dataDir} is in use: stop the server first. ` +
        '(If no server runs on it, it was stopped abruptly: pass --force.)',
    )
  }
}

function isGzip(file: string): boolean {
  const head = readFileSync(file).subarray(0, 5)
  return head[0] === 0x1f && head[1] === 0x8b
}
function isPgDump(file: string): boolean {
  return readFileSync(file).subarray(0, 5).toString('latin1') === 'PGDMP'
}

async function backup(target: DatabaseTarget, out: string | undefined, force: boolean): Promise<string> {
  const file = resolve(
    out ?? join('backups', `omdeh-${target.kind}-${stamp()}.${target.kind === 'pglite' ? 'tar.gz' : 'dump'}`),
  )
  mkdirSync(dirname(file), { recursive: true })
  if (target.kind === 'postgres') {
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${target.url}`,
    ])
  } else {
    const dataDir = target.dataDir!
    if (!existsSync(join(dataDir, 'PG_VERSION')))
      throw new UsageError(`There is no embedded database in ${dataDir}`)
    assertPgliteClosed(dataDir, force)
    const handle = await openDatabase({ kind: 'pglite', dataDir })
    try {
      if (handle.connection.kind !== 'pglite') throw new Error('unreachable')
      const tarball = await handle.connection.client.dumpDataDir('gzip')
      writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()))
    } finally {
      await handle.close()
    }
  }
  return file
}

async function restore(target: DatabaseTarget, file: string, force: boolean): Promise<number | null> {
  if (!existsSync(file)) throw new UsageError(`No such backup: ${file}`)
  if (target.kind === 'postgres') {
    if (!isPgDump(file))
      throw new UsageError(`${file} is not a pg_dump archive (is it a backup of the embedded database?)`)
    const handle = await openDatabase(target)
    try {
      const users = await countUsers(handle.db)
      if (users !== null && users > 0 && !force)
        throw new UsageError(`The database already has data (${users} users): pass --force to replace it`)
    } finally {
      await handle.close()
    }
    await restoreServer(target.url, file)
  } else {
    if (!isGzip(file))
      throw new UsageError(`${file} is not a backup of the embedded database (is it a pg_dump archive?)`)
    const dataDir = target.dataDir!
    const inUse = existsSync(dataDir) && readdirSync(dataDir).length > 0
    if (inUse) {
      assertPgliteClosed(dataDir, force)
      if (!force)
        throw new UsageError(
          `${dataDir} already holds a database: pass --force to replace it (it is kept beside it)`,
        )
      const aside = `${dataDir}.replaced-${stamp()}`
      renameSync(dataDir, aside)
      console.log(`The database it replaces is kept in ${aside}`)
    }
    mkdirSync(dataDir, { recursive: true })
    const client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([new Uint8Array(readFileSync(file))]),
    })
    await client.close()
  }
  const handle = await openDatabase(target)
  try {
    return await countUsers(handle.db)
  } finally {
    await handle.close()
  }
}

async function main(): Promise<void> {
  const mode = process.argv[2]
  const { values, positionals } = parseArgs({
    args: process.argv.slice(3),
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help || (mode !== 'backup' && mode !== 'restore')) {
    console.log(usage)
    process.exit(values.help ? 0 : 2)
  }
  const { database } = loadServerConfig()
  const where =
    database.kind === 'postgres'
      ? 'the PostgreSQL server (DATABASE_URL)'
      : `the embedded database in ${database.dataDir}`
  const started = performance.now()
  if (mode === 'backup') {
    if (positionals.length > 0) throw new UsageError(usage)
    const file = await backup(database, values.out, values.force)
    console.log(
      `Backed up ${where} to ${file} (${megabytes(statSync(file).size)}) in ${Math.round(performance.now() - started)} ms`,
    )
  } else {
    if (positionals.length !== 1) throw new UsageError(usage)
    const users = await restore(database, resolve(positionals[0]!), values.force)
    console.log(
      `Restored ${positionals[0]} into ${where} (${users ?? 0} users) in ${Math.round(performance.now() - started)} ms`,
    )
  }
}

try {
  await main()
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
