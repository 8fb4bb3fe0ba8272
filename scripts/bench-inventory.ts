/**
 * The seller's inventory list at 20,000 SKUs (issue #16), run by `npm run bench` under tsx: one
 * seller with 20,000 SKUs over four stores (and three other sellers with 10,000 each, so the
 * seller's rows are a part of the table, as they are in production) on a fresh PostgreSQL database,
 * then the list the page's server function returns (`listInventory`, the code `fetchInventory`
 * runs after validation) for the default order, each filter, each sort, two text searches and a
 * deep page. Prints p50/p95 against the 50 ms goal, the CPU each request cost in this process and
 * in the database's backends, and the load average the figures were taken under (the machine is
 * shared: compare runs taken under similar load).
 *
 *   BENCH_PG_URL                 a PostgreSQL server URL whose role may create databases (or TEST_DATABASE_URL)
 *   BENCH_INVENTORY_SKUS         the seller's SKUs (default 20000)
 *   BENCH_INVENTORY_REQUESTS     timed requests per scenario (default 60, after 5 warm-up requests)
 *   BENCH_INVENTORY_EXPLAIN=1    also print EXPLAIN (ANALYZE, BUFFERS) of each scenario's queries
 *   BENCH_INVENTORY_KEEP=1       keep the database afterwards (its name is printed) for profiling
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import postgres from 'postgres'
import * as v from 'valibot'
import { inventorySearch } from '../src/features/inventory/inventory.schemas'
import { inventoryQueries, listInventory } from '../src/features/inventory/inventory.server'
import { authenticateAccessToken, createSession } from '../src/server/auth/session.server'
import { openDatabase, selectRows, type Db } from '../src/server/db/client.server'
import { now } from '../src/server/clock.server'
import { createSeller, createStore } from '../tests/factories/create'

const serverUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL
const skuCount = Number(process.env.BENCH_INVENTORY_SKUS ?? 20_000)
const requests = Number(process.env.BENCH_INVENTORY_REQUESTS ?? 60)
const explain = process.env.BENCH_INVENTORY_EXPLAIN === '1'
const keep = process.env.BENCH_INVENTORY_KEEP === '1'
const GOAL_P95_MS = 50
if (!serverUrl) {
  console.log(
    'inventory bench: skipped (set BENCH_PG_URL to a PostgreSQL server where the role may create databases)',
  )
  process.exit(0)
}

/** What the page asks for: the default view, each filter, each sort, searches, paging. */
const scenarios: [string, Record<string, unknown>][] = [
  ['default (last changed first)', {}],
  ['store', { store: 'STORE' }],
  ['status: paused', { status: 'inactive' }],
  ['out of stock', { stock: 'out' }],
  ['low stock', { stock: 'low' }],
  ['discounted', { discounted: true }],
  ['tiers expiring in 7 days', { expiring: true }],
  ['not on sale (no valid tier)', { noTier: true }],
  ['sort: product A-Z', { sort: 'product', desc: false }],
  ['sort: SKU code', { sort: 'sku', desc: false }],
  ['sort: store', { sort: 'store', desc: false }],
  ['sort: stock, lowest first', { sort: 'stock', desc: false }],
  ['sort: entry price, highest first', { sort: 'price', desc: true }],
  ['sort: entry price, lowest first', { sort: 'price', desc: false }],
  ['search "saffron"', { q: 'saffron' }],
  ['search SKU code "INV-1234"', { q: 'INV-1234' }],
  ['low stock + store, by stock', { stock: 'low', store: 'STORE', sort: 'stock', desc: false }],
  ['page 40 of 50 rows', { page: 40 }],
  ['100 rows a page, by product', { perPage: 100, sort: 'product', desc: false }],
]

/** Products, stores, SKUs, photos, tiers of every state and ledger rows, written by set-based SQL. */
async function seedSeller(db: Db, count: number, skuPrefix: string) {
  const seller = await createSeller(db)
  const storeIds: number[] = []
  for (const name of ['Tehran Central', 'Isfahan Depot', 'Mashhad Hub', 'Shiraz Outlet'])
    storeIds.push((await createStore(db, { seller, name: `${name} ${seller.id}` })).id)
  const [category] = await selectRows<{ id: number }>(
    db,
    sql`insert into categories (slug, name) values ('bench-inv', 'Bench') on conflict (slug) do update set name = excluded.name returning id`,
  )
  const words = sql`array['Saffron','Rice','Olive Oil','Green Tea','Dates','Pistachio','Soap','Detergent','Lentils','Sugar','Flour','Tomato Paste','Honey','Walnut','Raisins','Barberry','Cumin','Turmeric','Black Tea','Shampoo']`
  const sizes = sql`array['100 g','500 g','1 kg','5 kg','10 kg','1 L','4 L','pack of 6','carton of 12','sack of 25']`
  await db.execute(sql`
    insert into products (slug, name, category_id, unit)
    select ${`${skuPrefix.toLowerCase()}-`} || g,
      (${words})[1 + g % 20] || ' ' || (${sizes})[1 + (g / 20) % 10] || ' #' || g,
      ${category!.id}, 'carton of 12'
    from generate_series(1, ${count}) g`)
  await db.execute(sql`
    insert into product_photos (product_id, url, position)
    select p.id, '/media/products/' || p.slug || '.svg', 0 from products p
    where p.slug like ${`${skuPrefix.toLowerCase()}-%`}`)
  // g: the SKU's number; its remainders choose stock, status and which tiers it has.
  await db.execute(sql`
    insert into skus (sku, store_id, product_id, remaining_quantity, always_available, status, updated_at)
    select ${`${skuPrefix}-`} || g, (${sql.raw(`array[${storeIds.join(',')}]`)})[1 + g % 4], p.id,
      case when g % 20 = 0 then 0 when g % 20 in (1, 2) then g % 9 else 20 + g % 900 end,
      g % 50 = 7, case when g % 10 = 3 then 'inactive' else 'active' end::sku_status,
      now() - (g % 5000) * interval '1 minute'
    from products p, lateral (select substring(p.slug from '[0-9]+$')::int as g) n
    where p.slug like ${`${skuPrefix.toLowerCase()}-%`}`)
  await db.execute(sql`
    insert into stock_movements (sku_id, kind, delta, resulting_quantity, reason)
    select s.id, 'adjustment', s.remaining_quantity, s.remaining_quantity, 'opening_stock'
    from skus s where s.store_id in (${sql.raw(storeIds.join(','))}) and s.remaining_quantity > 0`)
  const priced = sql`from skus s, lateral (select substring(s.sku from '[0-9]+$')::int as g) n
    where s.store_id in (${sql.raw(storeIds.join(','))})`
  // Every 25th SKU has no tier, the next only an expired one, the next only a scheduled one.
  await db.execute(sql`
    insert into prices (sku_id, unit_price, offer_price, price_per_piece, min_quantity, valid_from, valid_to)
    select s.id, 100000 + (g % 997) * 1000, case when g % 5 = 0 then 90000 + (g % 997) * 900 else 0 end,
      (100000 + (g % 997) * 1000) / 12, 1,
      case when g % 25 = 2 then now() + interval '3 days' else now() - interval '60 days' end,
      case when g % 25 = 1 then now() - interval '2 days'
           when g % 10 = 5 then now() + (g % 6 + 1) * interval '1 day' end
    ${priced} and g % 25 <> 0`)
  // A cheaper bulk tier on a third, last season's expired tiers on a seventh, next season's on an eighth.
  await db.execute(sql`
    insert into prices (sku_id, unit_price, offer_price, price_per_piece, min_quantity, valid_from, valid_to)
    select s.id, 95000 + (g % 997) * 950, 0, (95000 + (g % 997) * 950) / 12, 10, now() - interval '60 days', null
    ${priced} and g % 25 > 2 and g % 3 = 0 and g % 10 <> 5`)
  await db.execute(sql`
    insert into prices (sku_id, unit_price, offer_price, price_per_piece, min_quantity, valid_from, valid_to)
    select s.id, 90000 + (g % 997) * 900, 0, (90000 + (g % 997) * 900) / 12, 1,
      now() - interval '240 days', now() - interval '60 days'
    ${priced} and g % 7 = 0`)
  await db.execute(sql`
    insert into prices (sku_id, unit_price, offer_price, price_per_piece, min_quantity, valid_from, valid_to)
    select s.id, 110000 + (g % 997) * 1100, 0, (110000 + (g % 997) * 1100) / 12, 1,
      now() + interval '30 days', null
    ${priced} and g % 8 = 0 and g % 25 > 2 and g % 10 <> 5`)
  return { seller, storeIds }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const fmt = (ms: number) => `${ms.toFixed(1)} ms`
const CLOCK_TICK_MS = 10 // Linux USER_HZ = 100

/** CPU time (ms) the database's backends have used so far, from /proc (the server runs here). */
async function backendCpuMs(db: Db, name: string): Promise<number | null> {
  const pids = await selectRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = ${name}`,
  )
  try {
    return pids.reduce((sum, { pid }) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      return sum + (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS
    }, 0)
  } catch {
    return null // the server runs elsewhere (or /proc is not readable): no backend figure
  }
}

const name = `omdeh_bench_inventory_${randomBytes(4).toString('hex')}`
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${name}`)
const url = new URL(serverUrl)
url.pathname = `/${name}`
const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
let explainer: postgres.Sql | null = null

try {
  await handle.migrate()
  const { db } = handle
  let started = performance.now()
  const { seller, storeIds } = await seedSeller(db, skuCount, 'INV')
  for (let i = 1; i <= 3; i++) await seedSeller(db, Math.round(skuCount / 2), `OTH${i}`)
  // A database in service has been vacuumed (visibility map set): index-only scans can count.
  await db.execute(sql`vacuum analyze`)
  console.log(
    `inventory bench: ${skuCount.toLocaleString('en-US')} SKUs for the seller (+${(
      Math.round(skuCount / 2) * 3
    ).toLocaleString(
      'en-US',
    )} of three others) set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const session = await createSession(db, seller.owner.id, { userAgent: 'bench', ip: '127.0.0.1' })
  const auth = (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
  const dialect = new PgDialect()
  explainer = postgres(url.toString(), { max: 1, onnotice: () => {} })

  const rows: string[] = []
  const load = loadavg()
  let worst = 0
  started = performance.now()
  for (const [label, input] of scenarios) {
    const search = v.parse(inventorySearch, {
      ...input,
      ...(input.store ? { store: storeIds[1] } : {}),
    })
    const page = await listInventory(db, auth, search)
    for (let i = 0; i < 4; i++) await listInventory(db, auth, search)
    const times: number[] = []
    const cpuBefore = process.cpuUsage()
    const dbBefore = await backendCpuMs(db, name)
    for (let i = 0; i < requests; i++) {
      const t = performance.now()
      await listInventory(db, auth, search)
      times.push(performance.now() - t)
    }
    const dbAfter = await backendCpuMs(db, name)
    const cpu = process.cpuUsage(cpuBefore)
    times.sort((a, b) => a - b)
    const p95 = percentile(times, 95)
    worst = Math.max(worst, p95)
    const dbCpu = dbBefore === null || dbAfter === null ? 'n/a' : fmt((dbAfter - dbBefore) / requests)
    rows.push(
      `| ${label} | ${page.total.toLocaleString('en-US')} | ${fmt(percentile(times, 50))} | ${fmt(p95)} | ${fmt(
        (cpu.user + cpu.system) / 1000 / requests,
      )} | ${dbCpu} | ${p95 < GOAL_P95_MS ? 'yes' : 'NO'} |`,
    )
    if (explain) {
      const queries = inventoryQueries(search, seller.id, now())
      for (const [part, query] of Object.entries(queries)) {
        const { sql: text, params } = dialect.sqlToQuery(query)
        const plan = await explainer!.unsafe(`explain (analyze, buffers) ${text}`, params as never[])
        console.log(`\n--- ${label}: ${part}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`)
      }
    }
  }
  const loadAfter = loadavg()
  console.log(`
| Inventory list, ${skuCount.toLocaleString('en-US')} SKUs (PostgreSQL, ${requests} sequential requests each) | rows found | p50 | p95 | CPU/request (app) | CPU/request (database) | p95 < ${GOAL_P95_MS} ms |
|---|---|---|---|---|---|---|
${rows.join('\n')}

worst p95 ${fmt(worst)}; ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load
    .map((n) => n.toFixed(2))
    .join(' ')} before, ${loadAfter.map((n) => n.toFixed(2)).join(' ')} after (${
    (await import('node:os')).cpus().length
  } cores)`)
  if (worst >= GOAL_P95_MS) process.exitCode = 1
} finally {
  await explainer?.end()
  await handle.close()
  if (keep) console.log(`kept the database ${name}`)
  else await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
}
