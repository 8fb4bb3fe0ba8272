import { sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client.server'

/**
 * A fingerprint of every business table (row count and a hash of all rows), to prove that a
 * refused call changed nothing. Left out: bookkeeping a refusal may legitimately write or that
 * changes by itself: sessions and one-time codes, registration tickets, the SMS outbox, rate-limit
 * counters, the job queue, the audit trail (which records refusals too), the listing refresh
 * marker and the migrations journal. One query for all tables, on PGlite and PostgreSQL alike.
 */

const BOOKKEEPING = new Set([
  'sessions',
  'one_time_codes',
  'registration_tickets',
  'outbox_messages',
  'rate_limit_buckets',
  'jobs',
  'audit_events',
  'listing_refresh_state',
  '__drizzle_migrations',
])

async function rows<T>(db: Db, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[]
  return Array.isArray(result) ? result : (result.rows ?? [])
}

let tables: string[] | undefined

export async function businessTables(db: Db): Promise<string[]> {
  tables ??= (
    await rows<{ table_name: string }>(
      db,
      sql.raw(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    )
  )
    .map((row) => row.table_name)
    .filter((name) => !BOOKKEEPING.has(name))
  return tables
}

export type Fingerprint = Record<string, string>

export async function fingerprint(db: Db): Promise<Fingerprint> {
  const parts = (await businessTables(db)).map(
    (name) =>
      `select '${name}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
  )
  const result = await rows<{ t: string; n: number; h: string }>(db, sql.raw(parts.join(' union all ')))
  return Object.fromEntries(result.map((row) => [row.t, `${row.n}:${row.h}`]))
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name])
}
