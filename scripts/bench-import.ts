/**
 * The price and stock import at 100,000 rows (issue #17), run by `npm run bench` under tsx:
 * one seller with 100,000 SKUs on a fresh PostgreSQL database, a CSV that changes every SKU's
 * stock and half of their prices, then the dry run and the apply as the jobs run them. Prints the
 * times and the process's peak memory against the goals (apply < 30 s, peak RSS < 300 MB), and how
 * much of that peak the phase itself added to what the process held before it (modules, the
 * bench's own 100,000 rows). `npm run bench` runs it under the server's heap cap with --expose-gc.
 *
 *   BENCH_PG_URL        a PostgreSQL server URL whose role may create databases (or TEST_DATABASE_URL)
 *   BENCH_IMPORT_ROWS   rows (default 100000)
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import {
  applyImport,
  checkImport,
  getImport,
  requestApply,
  startImport,
} from '../src/features/imports/imports.server'
import { SHEET_COLUMNS } from '../src/features/imports/import-format'
import { authenticateAccessToken, createSession } from '../src/server/auth/session.server'
import { openDatabase, selectRows } from '../src/server/db/client.server'
import { startJobs, stopJobs } from '../src/server/jobs/jobs.server'
import { localDiskStorage } from '../src/server/providers/storage/storage.server'
import { createSeller, createStore } from '../tests/factories/create'

const serverUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
if (!serverUrl) {
  console.log(
    'import bench: skipped (set BENCH_PG_URL to a PostgreSQL server where the role may create databases)',
  )
  process.exit(0)
}

const name = `omdeh_bench_import_${randomBytes(4).toString('hex')}`
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${name}`)
const url = new URL(serverUrl)
url.pathname = `/${name}`
const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
const mediaDir = mkdtempSync(join(tmpdir(), 'omdeh-bench-import-'))

let peakRss = 0
/** Collects what can be collected, then starts a phase's peak from the process's RSS now. */
function startPhase(): number {
  ;(globalThis as { gc?: () => void }).gc?.()
  peakRss = process.memoryUsage().rss
  return peakRss
}
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25)
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

try {
  await handle.migrate()
  // startImport queues the check in its transaction; the bench then runs the job's work itself.
  await startJobs(handle, { work: false })
  const { db } = handle
  const seller = await createSeller(db)
  const store = await createStore(db, { seller })
  const started = performance.now()
  // 100,000 products and SKUs with stock, an opening ledger row and one open tier each.
  await db.execute(sql`
    insert into categories (slug, name) values ('bench', 'Bench') on conflict do nothing;
  `)
  const [category] = await selectRows<{ id: number }>(db, sql`select id from categories where slug = 'bench'`)
  await db.execute(sql`
    insert into products (slug, name, category_id, unit)
    select 'bench-' || g, 'Bench product ' || g, ${category!.id}, 'carton of 12' from generate_series(1, ${rows}) g`)
  await db.execute(sql`
    insert into skus (sku, store_id, product_id, remaining_quantity)
    select 'BENCH-' || p.id, ${store.id}, p.id, 100 from products p where p.slug like 'bench-%'`)
  await db.execute(sql`
    insert into stock_movements (sku_id, kind, delta, resulting_quantity, reason)
    select s.id, 'adjustment', 100, 100, 'opening_stock' from skus s where s.store_id = ${store.id}`)
  await db.execute(sql`
    insert into prices (sku_id, unit_price, offer_price, price_per_piece, min_quantity, valid_from)
    select s.id, 120000, 0, 10000, 1, now() - interval '1 day' from skus s where s.store_id = ${store.id}`)
  console.log(
    `import bench: ${rows.toLocaleString('en-US')} SKUs set up in ${seconds(performance.now() - started)}`,
  )

  const skuRows = await selectRows<{ sku: string }>(
    db,
    sql`select sku from skus where store_id = ${store.id} order by id`,
  )
  const header = SHEET_COLUMNS.map((c) => c.header).join(',')
  const lines = skuRows.map(({ sku }, i) => {
    const tier = i % 2 === 0 ? `1,"110,000",0,,` : ',,,,'
    return `${sku},Store,Product,100,${100 + (i % 50) + 1},no,${tier},,,,,,,,,,`
  })
  const file = Buffer.from([header, ...lines].join('\n'))
  const session = await createSession(db, seller.owner.id, { userAgent: 'bench', ip: '127.0.0.1' })
  const auth = (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
  const storage = localDiskStorage(mediaDir)

  const { importId } = await startImport(db, auth, { name: 'bench.csv', bytes: file }, storage)
  const checkBase = startPhase()
  let t = performance.now()
  await checkImport(db, importId, storage)
  const checkMs = performance.now() - t
  const checkPeak = peakRss
  const checked = await getImport(db, auth, importId)

  await requestApply(db, auth, importId, 'all_or_nothing')
  const applyBase = startPhase()
  t = performance.now()
  await applyImport(db, importId, { isLastAttempt: true })
  const applyMs = performance.now() - t
  const applyPeak = peakRss
  const applied = await getImport(db, auth, importId)

  console.log(`
| Import of ${rows.toLocaleString('en-US')} rows (PostgreSQL, ${(file.byteLength / 1024 / 1024).toFixed(1)} MB CSV) | time | peak RSS | added by the phase | goal |
|---|---|---|---|---|
| Dry run (${checked.counts.update.toLocaleString('en-US')} to update, ${checked.counts.errors} errors) | ${seconds(checkMs)} | ${mb(checkPeak)} | ${mb(checkPeak - checkBase)} | RSS < 300 MB |
| Apply, all or nothing (${applied.counts.applied.toLocaleString('en-US')} applied) | ${seconds(applyMs)} | ${mb(applyPeak)} | ${mb(applyPeak - applyBase)} | < 30 s, RSS < 300 MB |
`)
} finally {
  clearInterval(sampler)
  await stopJobs()
  await handle.close()
  await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
  rmSync(mediaDir, { recursive: true, force: true })
}
