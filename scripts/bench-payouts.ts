/**
 * The weekly payout run at 10,000 sellers (issue #38: < 30 s), run by `npm run bench -- --all`
 * under tsx: a fresh PostgreSQL database, 10,000 sellers each with an available balance above the
 * minimum and a payout account (ledger rows written by set-based SQL), then one makePayoutBatch —
 * the function the weekly schedule and the admin's button run — timed, with the load average it
 * ran under (the machine is shared: compare runs taken under similar load).
 *
 *   BENCH_PG_URL            a PostgreSQL server URL whose role may create databases (or TEST_DATABASE_URL)
 *   BENCH_PAYOUT_SELLERS    sellers with money to pay out (default 10000)
 *   BENCH_PAYOUT_KEEP=1     keep the database afterwards (its name is printed)
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { constants } from '../app.config'
import { makePayoutBatch } from '../src/features/payouts/payouts.server'
import { openDatabase, selectRows } from '../src/server/db/client.server'

const serverUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL
const sellerCount = Number(process.env.BENCH_PAYOUT_SELLERS ?? 10_000)
const keep = process.env.BENCH_PAYOUT_KEEP === '1'
const GOAL_SECONDS = 30
if (!serverUrl) {
  console.log(
    'payout bench: skipped (set BENCH_PG_URL to a PostgreSQL server where the role may create databases)',
  )
  process.exit(0)
}

const name = `omdeh_bench_payouts_${randomBytes(4).toString('hex')}`
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${name}`)
const url = new URL(serverUrl)
url.pathname = `/${name}`
const handle = await openDatabase({ kind: 'postgres', url: url.toString() })

try {
  await handle.migrate()
  const { db } = handle
  let started = performance.now()
  const minimum = constants.payouts.minimumRials
  // Owners, sellers, payout accounts; then one funding entry per seller (clearing debit, the
  // seller's available credit) and a few small order-like entries each, so the balances are sums.
  await db.execute(sql`
    insert into users (cellphone, first_name, last_name, is_seller)
    select '+98912' || lpad(g::text, 7, '0'), 'Bench', 'Seller ' || g, true
    from generate_series(1, ${sellerCount}) g`)
  await db.execute(sql`
    insert into sellers (owner_user_id, display_name, legal_name, national_id, phone, city, address, status)
    select u.id, 'Bench store ' || u.id, 'Bench trading ' || u.id, lpad(u.id::text, 11, '0'),
      '021' || lpad(u.id::text, 8, '0'), 'Tehran', 'No. ' || u.id || ', Enghelab St', 'approved'
    from users u where u.first_name = 'Bench'`)
  await db.execute(sql`
    insert into seller_payout_accounts (seller_id, sheba, holder_name, bank_code, created_at)
    select s.id, 'IR820540102680020817909002', 'Holder ' || s.id, '054', now() - interval '30 days'
    from sellers s`)
  await db.execute(sql`
    insert into ledger_accounts (kind, seller_id) select 'seller_available', s.id from sellers s`)
  await db.execute(sql`insert into ledger_accounts (kind) values ('gateway_clearing')`)
  // Three entries per seller: sums over several lines, as in service. Entries and their lines in one
  // transaction (the ledger's balance check runs at commit).
  await db.transaction(async (tx) => {
    await tx.execute(sql`
    insert into ledger_entries (kind, reference_type, reference_id, idempotency_key)
    select 'adjustment', 'bench', a.id || '-' || k, 'bench:' || a.id || ':' || k
    from ledger_accounts a, generate_series(1, 3) k where a.kind = 'seller_available'`)
    await tx.execute(sql`
    insert into ledger_lines (entry_id, account_id, amount, seller_id)
    select e.id, a.id, -(${minimum} + (a.id % 997) * 1000), a.seller_id
    from ledger_entries e join ledger_accounts a on e.reference_id = a.id || '-' || split_part(e.idempotency_key, ':', 3)
    where e.reference_type = 'bench' and a.kind = 'seller_available'
    union all
    select e.id, c.id, ${minimum} + (a.id % 997) * 1000, null
    from ledger_entries e join ledger_accounts a on e.reference_id = a.id || '-' || split_part(e.idempotency_key, ':', 3)
    cross join (select id from ledger_accounts where kind = 'gateway_clearing') c
    where e.reference_type = 'bench' and a.kind = 'seller_available'`)
  })
  await db.execute(sql`vacuum analyze`)
  console.log(
    `payout bench: ${sellerCount.toLocaleString('en-US')} sellers with available balances set up in ${(
      (performance.now() - started) /
      1000
    ).toFixed(1)} s`,
  )

  const load = loadavg()
  started = performance.now()
  const made = await makePayoutBatch(db, { period: '2030-W01' })
  const seconds = (performance.now() - started) / 1000
  const [check] = await selectRows<{ lines: number; unbalanced: number }>(
    db,
    sql`select (select count(*)::int from payout_lines) as lines,
      (select count(*)::int from (select entry_id from ledger_lines group by entry_id having sum(amount) <> 0) u) as unbalanced`,
  )
  const verdict = seconds < GOAL_SECONDS ? 'ok' : 'OVER'
  console.log(
    `payout bench: makePayoutBatch for ${made.lines.toLocaleString('en-US')} payouts ` +
      `(${check!.lines} lines, ${check!.unbalanced} unbalanced entries) in ${seconds.toFixed(2)} s ` +
      `(goal < ${GOAL_SECONDS} s: ${verdict}); load average ${load.map((l) => l.toFixed(2)).join(' ')}`,
  )
  if (made.lines !== sellerCount || check!.unbalanced !== 0 || seconds >= GOAL_SECONDS) process.exitCode = 1
} finally {
  await handle.close()
  if (keep) console.log(`payout bench: kept database ${name}`)
  else await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
}
