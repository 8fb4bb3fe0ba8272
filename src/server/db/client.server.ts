import '@tanstack/react-start/server-only'
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema'
import { migrationsFolder } from './migrations-folder.server'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle: has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export type DatabaseTarget =
  /** `loadDataDir`: start from a dumped data directory (a tarball from `dumpDataDir`) instead of an empty one. */
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string }

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres'
  db: Db
  /** What pg-boss connects through: the same PGlite instance, or its own pool on the same server. */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string }
  migrate(): Promise<void>
  /**
   * Runs `work` while holding the database's start-up lock, so that N instances starting together
   * on one PostgreSQL server migrate and seed one after another (the next finds the work done). A
   * session-level advisory lock on a connection of its own: released by the server if the process
   * dies holding it. PGlite has one process, so it just runs `work`.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** pg_advisory_lock key of the start-up lock (any fixed bigint; "omdeh" in ASCII). */
const STARTUP_LOCK_KEY = 0x6f6d646568n

/** Opens PGlite (a folder, or memory when dataDir is omitted) or a PostgreSQL server. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true })
    const client = await PGlite.create(target.dataDir ?? 'memory://', {
      extensions: { pg_trgm },
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    })
    const db = drizzlePglite(client, { schema })
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      connection: { kind: 'pglite', client },
      migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
      exclusive: (work) => work(),
      close: () => client.close(),
    }
  }
  // JIT off: the app's statements are short OLTP reads and writes, where compiling (tens of ms) costs
  // more than it saves; the planner's estimate for correlated subqueries that never run (e.g. the
  // inventory list's tier look-ups outside a stored span) otherwise crosses jit_above_cost.
  // random_page_cost 1.1 (the default 4 models spinning disks): the catalogue lives in memory or on
  // SSD, where a random read costs about a sequential one. At 4 the planner prefers reading every
  // search document to a GIN bitmap whose matches touch most pages, and that costs 5-10x the time.
  // plan_cache_mode force_custom_plan: statements are prepared (below) only to save a round trip;
  // each execution is still planned for its own values, as an unnamed statement is.
  const client = postgres(target.url, {
    max: 10,
    onnotice: () => {},
    connection: { jit: 'off', random_page_cost: '1.1', plan_cache_mode: 'force_custom_plan' },
  })
  preparedStatements(client)
  const db = drizzlePostgres(client, { schema })
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    connection: { kind: 'postgres', url: target.url },
    migrate: () => migratePostgres(db, { migrationsFolder: migrationsFolder() }),
    async exclusive(work) {
      const connection = await client.reserve()
      try {
        await connection`select pg_advisory_lock(${STARTUP_LOCK_KEY.toString()}::bigint)`
        try {
          return await work()
        } finally {
          await connection`select pg_advisory_unlock(${STARTUP_LOCK_KEY.toString()}::bigint)`
        }
      } finally {
        connection.release()
      }
    },
    close: () => client.end({ timeout: 5 }),
  }
}

/**
 * drizzle sends every statement unnamed (prepare: false), and postgres-js sends an unnamed statement
 * with parameters in two round trips: Parse and Describe first, to learn the parameters' types, then
 * Bind and Execute. Named (prepared) statements, kept per connection by their text, need the first
 * round trip only once per connection: a product page's five reads cost five round trips instead of
 * nine (each a write and a read on a socket, a few per cent of a rendered page's CPU). Statement
 * texts are drizzle's, with values as parameters, so the set per connection stays small; postgres-js
 * recycles connections (max_lifetime) and with them the server's statement memory.
 */
function preparedStatements(client: postgres.Sql): void {
  const unsafe = client.unsafe.bind(client)
  client.unsafe = ((query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(query, params, { ...options, prepare: true })) as typeof client.unsafe
}

/** The server's version string, e.g. "PostgreSQL 17.5 ...". */
export async function databaseVersion(db: DbOrTx): Promise<string> {
  const rows = await selectRows<{ version: string }>(db, sql`select version() as version`)
  return rows[0]?.version ?? 'unknown'
}

/**
 * Runs raw SQL and returns its rows. `execute` answers `{ rows }` on PGlite but an array on
 * postgres-js; this hides the difference.
 */
export async function selectRows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}
