/**
 * A seller's statement over 1,000,000 ledger entries (issue #38), run by `npm run bench -- --all`
 * under tsx: on a fresh PostgreSQL database, one seller with BENCH_STATEMENT_ENTRIES balanced entries
 * (each a line on the seller's account and one on a platform account, so 2 lines an entry), spread
 * over two years and over the entry kinds a statement shows, beside three other sellers with a
 * tenth as many each. Then `sellerStatement` (what /seller/finance asks for) for the first page, a
 * page deep in the history through its cursor, a Tehran month, an entry kind and a month of one
 * kind. Prints p50/p95 against the 50 ms goal and the load average the figures were taken under.
 *
 *   BENCH_PG_URL                 a PostgreSQL server URL whose role may create databases (or TEST_DATABASE_URL)
 *   BENCH_STATEMENT_ENTRIES      the seller's entries (default 1000000)
 *   BENCH_STATEMENT_REQUESTS     timed requests per scenario (default 60, after 5 warm-up requests)
 *   BENCH_STATEMENT_KEEP=1       keep the database afterwards (its name is printed)
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { sellerStatement, type StatementQuery } from '../src/features/ledger/ledger-balances.server'
import { openDatabase, selectRows, type Db } from '../src/server/db/client.server'
import { createSeller } from '../tests/factories/create'

const serverUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL
const entryCount = Number(process.env.BENCH_STATEMENT_ENTRIES ?? 1_000_000)
const requests = Number(process.env.BENCH_STATEMENT_REQUESTS ?? 60)
const keep = process.env.BENCH_STATEMENT_KEEP === '1'
const GOAL_P95_MS = 50
const CHUNK = 100_000
if (!serverUrl) {
  console.log(
    'statement bench: skipped (set BENCH_PG_URL to a PostgreSQL server where the role may create databases)',
  )
  process.exit(0)
}

/**
 * The kinds a seller's statement holds, with how often each comes (out of 100) and the seller
 * account it lands on. Payout kinds are rare, as they are in a real statement.
 */
const mix: [
  kind: string,
  share: number,
  account: 'seller_pending' | 'seller_available' | 'payouts_in_transit',
][] = [
  ['order_paid', 45, 'seller_pending'],
  ['order_released', 40, 'seller_available'],
  ['order_refund', 8, 'seller_pending'],
  ['payout_created', 4, 'payouts_in_transit'],
  ['payout_paid', 3, 'payouts_in_transit'],
]

/**
 * `count` balanced entries for a seller, written by set-based SQL in chunks of CHUNK (each chunk
 * one transaction, so the ledger's deferred balance check runs at each commit as it does in use).
 */
async function seedEntries(db: Db, sellerId: number, count: number, prefix: string) {
  const accounts = new Map<string, number>()
  for (const kind of [
    'seller_pending',
    'seller_available',
    'payouts_in_transit',
    'gateway_clearing',
  ] as const) {
    const owner = kind === 'gateway_clearing' ? null : sellerId
    const [row] = await selectRows<{ id: number }>(
      db,
      sql`insert into ledger_accounts (kind, seller_id) values (${kind}::ledger_account_kind, ${owner}::int)
          on conflict (kind, coalesce(seller_id, 0), coalesce(buyer_user_id, 0)) do update set kind = excluded.kind
          returning id`,
    )
    accounts.set(kind, row!.id)
  }
  // Which kind entry g is: the g-th slot of a 100-slot wheel laid out by `mix`.
  const wheel = mix.flatMap(([kind, share, account]) => Array.from({ length: share }, () => [kind, account]))
  const kinds = sql.raw(`array[${wheel.map(([kind]) => `'${kind}'`).join(',')}]`)
  const sellerAccounts = sql.raw(`array[${wheel.map(([, account]) => accounts.get(account!)).join(',')}]`)
  // Two years back from now, evenly: about one entry every minute for a million entries.
  const spanSeconds = 2 * 365 * 86_400
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1)
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with made as (
          insert into ledger_entries (kind, reference_type, reference_id, idempotency_key, created_at)
          select (${kinds})[1 + g % 100], 'order', (g / 3)::text, ${prefix} || g,
            date_trunc('milliseconds', now()) - (${spanSeconds}::float8 - ${spanSeconds}::float8 * g / ${count}::float8)::int * interval '1 second'
          from generate_series(${from}::int, ${to}::int) g
          returning id, created_at, substring(idempotency_key from '[0-9]+$')::int as g
        )
        insert into ledger_lines (entry_id, account_id, amount, seller_id, created_at)
        select id, (${sellerAccounts})[1 + g % 100], -(100000 + g % 997 * 1000)::bigint, ${sellerId}::int, created_at from made
        union all
        select id, ${accounts.get('gateway_clearing')!}, (100000 + g % 997 * 1000)::bigint, null::int, created_at from made`)
    })
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const fmt = (ms: number) => `${ms.toFixed(1)} ms`
/** A Tehran calendar day, `n` days before today. */
const tehranDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000 + 3.5 * 3_600_000).toISOString().slice(0, 10)

const name = `omdeh_bench_statement_${randomBytes(4).toString('hex')}`
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${name}`)
const url = new URL(serverUrl)
url.pathname = `/${name}`
const handle = await openDatabase({ kind: 'postgres', url: url.toString() })

try {
  await handle.migrate()
  const { db } = handle
  const started = performance.now()
  // The entries below balance by construction (each an equal and opposite pair of lines). The
  // ledger's deferred check that proves it, one lookup per line at commit, would make setting up a
  // million entries take a quarter of an hour on this machine, so it is off while they are written,
  // in this throwaway database only, and on again before anything is measured.
  const balanceChecks = sql.raw('ledger_lines_balanced')
  const entryChecks = sql.raw('ledger_entries_balanced')
  await db.execute(sql`alter table ledger_lines disable trigger ${balanceChecks}`)
  await db.execute(sql`alter table ledger_entries disable trigger ${entryChecks}`)
  const seller = await createSeller(db)
  await seedEntries(db, seller.id, entryCount, 'bench:')
  for (let i = 1; i <= 3; i++)
    await seedEntries(db, (await createSeller(db)).id, Math.round(entryCount / 10), `bench-other-${i}:`)
  await db.execute(sql`alter table ledger_lines enable trigger ${balanceChecks}`)
  await db.execute(sql`alter table ledger_entries enable trigger ${entryChecks}`)
  const unbalanced = await selectRows<{ id: number }>(
    db,
    sql`select entry_id as id from ledger_lines group by entry_id having sum(amount) <> 0 or count(*) < 2 limit 1`,
  )
  if (unbalanced.length > 0) throw new Error(`the bench wrote an unbalanced entry: ${unbalanced[0]!.id}`)
  await db.execute(sql`vacuum analyze`)
  const [{ lines } = { lines: 0 }] = await selectRows<{ lines: number }>(
    db,
    sql`select count(*)::int as lines from ledger_lines`,
  )
  console.log(
    `statement bench: ${entryCount.toLocaleString('en-US')} entries for the seller, ${lines.toLocaleString(
      'en-US',
    )} ledger lines in all, set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )

  // A cursor deep in the history: the page after the line a year back, as a reader paging there
  // would hold it (the cursor is opaque to the page; its shape is the statement's own).
  const [deep] = await selectRows<{ createdAt: string; id: number }>(
    db,
    sql`select created_at as "createdAt", id from ledger_lines where seller_id = ${seller.id}
        and created_at < now() - interval '365 days' order by created_at desc, id desc limit 1`,
  )
  const deepCursor = Buffer.from(`${new Date(deep!.createdAt).toISOString()}|${deep!.id}`).toString(
    'base64url',
  )

  const scenarios: [string, StatementQuery][] = [
    ['first page (50 lines)', {}],
    ['first page, 200 lines', { limit: 200 }],
    ['a page a year back (cursor)', { cursor: deepCursor }],
    ['one Tehran month, 200 days back', { from: tehranDay(230), to: tehranDay(200) }],
    ['kind: order refunds', { kind: 'order_refund' }],
    ['kind: payouts paid', { kind: 'payout_paid' }],
    ['payouts paid in one month', { kind: 'payout_paid', from: tehranDay(230), to: tehranDay(200) }],
  ]
  const rows: string[] = []
  const load = loadavg()
  let worst = 0
  for (const [label, query] of scenarios) {
    for (let i = 0; i < 5; i++) await sellerStatement(db, seller.id, query)
    const times: number[] = []
    let shown = 0
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now()
      const page = await sellerStatement(db, seller.id, query)
      times.push(performance.now() - t0)
      shown = page.lines.length
    }
    times.sort((a, b) => a - b)
    const p95 = percentile(times, 95)
    worst = Math.max(worst, p95)
    rows.push(
      `| ${label} | ${shown} | ${fmt(percentile(times, 50))} | ${fmt(p95)} | ${p95 < GOAL_P95_MS ? 'yes' : 'NO'} |`,
    )
  }
  console.log(`
| Seller statement, ${entryCount.toLocaleString('en-US')} entries (PostgreSQL, ${requests} sequential requests each) | lines shown | p50 | p95 | p95 < ${GOAL_P95_MS} ms |
|---|---|---|---|---|
${rows.join('\n')}

worst p95 ${fmt(worst)}; load average ${load.map((n) => n.toFixed(2)).join(' ')} before, ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} after (${cpus().length} cores)`)
  if (worst >= GOAL_P95_MS) process.exitCode = 1
} finally {
  await handle.close()
  if (keep) console.log(`kept the database ${name}`)
  else await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
}
