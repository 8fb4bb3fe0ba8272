/**
 * The price and stock import at 100,000 rows (issue #17), run by `npm run bench` (one process per
 * database and file kind, so each measures its own memory): one seller with 100,000 SKUs on a fresh
 * database, a sheet that changes every SKU's stock and half of their prices, then the dry run, the
 * apply and the revert as the jobs and the seller run them. Prints, per phase, the wall time, the
 * CPU time of this process (and, on a local PostgreSQL server, of its backends), the peak RSS and
 * what the phase added to it, with the load average: the machines are shared, so CPU time is the
 * figure that compares between runs; wall time follows the load.
 *
 *   BENCH_IMPORT_DB     postgres (default when a URL is set) or pglite (a data folder, as `npm start`)
 *   BENCH_IMPORT_FILE   csv (default) or xlsx
 *   BENCH_PG_URL        a PostgreSQL server URL whose role may create databases (or TEST_DATABASE_URL)
 *   BENCH_IMPORT_ROWS   rows (default 100000)
 *   BENCH_IMPORT_REVERT 0 skips the revert
 *   BENCH_IMPORT_KEEP   1 keeps the PostgreSQL database afterwards (its name is printed) for profiling
 *
 * Run it under the server's heap cap with gc exposed, as `npm run bench` does:
 *   node --max-old-space-size=256 --expose-gc --import tsx scripts/bench-import.ts
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import postgres from 'postgres'
import {
  applyImport,
  checkImport,
  getImport,
  requestApply,
  revertImport,
  startImport,
} from '../src/features/imports/imports.server'
import type { PhaseTimings } from '../src/features/imports/import-apply.server'
import { SHEET_COLUMNS } from '../src/features/imports/import-format'
import { registerFeatureHooks } from '../src/feature-hooks.server'
import { ledgerMismatches } from '../src/features/inventory/stock-ledger.server'
import { authenticateAccessToken, createSession } from '../src/server/auth/session.server'
import { openDatabase, selectRows, type DatabaseHandle } from '../src/server/db/client.server'
import { startJobs, stopJobs } from '../src/server/jobs/jobs.server'
import { localDiskStorage } from '../src/server/providers/storage/storage.server'
import { createSeller, createStore } from '../tests/factories/create'

const serverUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL
const kind = (process.env.BENCH_IMPORT_DB ?? (serverUrl ? 'postgres' : 'pglite')) as 'postgres' | 'pglite'
const fileKind = (process.env.BENCH_IMPORT_FILE ?? 'csv') as 'csv' | 'xlsx'
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
const keep = process.env.BENCH_IMPORT_KEEP === '1'
if (kind === 'postgres' && !serverUrl) {
  console.log(
    'import bench: skipped (set BENCH_PG_URL to a PostgreSQL server where the role may create databases)',
  )
  process.exit(0)
}

const name = `omdeh_bench_import_${randomBytes(4).toString('hex')}`
const scratch = mkdtempSync(join(tmpdir(), 'omdeh-bench-import-'))
let admin: postgres.Sql | undefined
let handle: DatabaseHandle
if (kind === 'postgres') {
  admin = postgres(serverUrl!, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  handle = await openDatabase({ kind: 'postgres', url: url.toString() })
} else handle = await openDatabase({ kind: 'pglite', dataDir: join(scratch, 'data') })

let peakRss = 0
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20)
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * CPU seconds the PostgreSQL backends serving the bench database have used, read from /proc when
 * the server runs on this machine (null otherwise). Connections stay open in the pool, so the
 * difference across a phase is the server's work for it.
 */
async function serverCpuSeconds(): Promise<number | null> {
  if (!admin || !['127.0.0.1', 'localhost'].includes(new URL(serverUrl!).hostname)) return null
  const pids = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${name}`
  const tick = 100 // USER_HZ on Linux
  let total = 0
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      total += (Number(fields[11]) + Number(fields[12])) / tick
    } catch {
      return null
    }
  }
  return total
}

interface PhaseResult {
  label: string
  ms: number
  cpu: number
  serverCpu: number | null
  peak: number
  added: number
  load: string
}

/** Runs one phase from a collected heap, measuring its wall time, CPU time and memory. */
async function phase(label: string, work: () => Promise<unknown>): Promise<PhaseResult> {
  ;(globalThis as { gc?: () => void }).gc?.()
  const base = process.memoryUsage().rss
  peakRss = base
  const serverBefore = await serverCpuSeconds()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await work()
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const serverAfter = await serverCpuSeconds()
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
  return {
    label,
    ms,
    cpu: (cpu.user + cpu.system) / 1e6,
    serverCpu: serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : null,
    peak: peakRss,
    added: peakRss - base,
    load: loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  }
}

/** The sheet a seller would upload: every SKU's stock changes, every other SKU gets a new tier. */
async function sheet(codes: string[]): Promise<Buffer> {
  const cells = (sku: string, i: number): (string | number)[] => {
    const tier = i % 2 === 0 ? [1, 110_000, 0, '', ''] : ['', '', '', '', '']
    return [sku, 'Store', 'Product', 100, 100 + (i % 50) + 1, 'no', ...tier, ...Array(10).fill('')]
  }
  if (fileKind === 'csv') {
    const lines = codes.map((sku, i) =>
      cells(sku, i)
        .map((c) => (typeof c === 'number' && c >= 1000 ? `"${c.toLocaleString('en-US')}"` : c))
        .join(','),
    )
    return Buffer.from([SHEET_COLUMNS.map((c) => c.header).join(','), ...lines].join('\n'))
  }
  const out = new PassThrough()
  const parts: Buffer[] = []
  out.on('data', (chunk: Buffer) => parts.push(chunk))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true })
  const ws = workbook.addWorksheet('Prices')
  ws.addRow(SHEET_COLUMNS.map((c) => c.header)).commit()
  codes.forEach((sku, i) => ws.addRow(cells(sku, i).map((c) => (c === '' ? null : c))).commit())
  ws.commit()
  await workbook.commit()
  return Buffer.concat(parts)
}

try {
  await handle.migrate()
  // startImport queues the check in its transaction; the bench then runs the jobs' work itself.
  await startJobs(handle, { work: false })
  // The refreshes an import runs do what the server's do.
  registerFeatureHooks()
  const { db } = handle
  const seller = await createSeller(db)
  const store = await createStore(db, { seller })
  const started = performance.now()
  // 100,000 products and SKUs with stock, an opening ledger row and one open tier each.
  await db.execute(sql`insert into categories (slug, name) values ('bench', 'Bench') on conflict do nothing`)
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
  await db.execute(sql`analyze`)
  const codes = (
    await selectRows<{ sku: string }>(db, sql`select sku from skus where store_id = ${store.id} order by id`)
  ).map((r) => r.sku)
  const file = await sheet(codes)
  codes.length = 0
  console.log(
    `import bench (${kind}, ${fileKind}): ${rows.toLocaleString('en-US')} SKUs and the sheet set up in ${seconds(performance.now() - started)}`,
  )
  const session = await createSession(db, seller.owner.id, { userAgent: 'bench', ip: '127.0.0.1' })
  const auth = (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
  const storage = localDiskStorage(join(scratch, 'media'))

  const { importId } = await startImport(
    db,
    auth,
    { name: `bench.${fileKind}`, bytes: new Uint8Array(file) },
    storage,
  )
  const results: PhaseResult[] = []
  results.push(await phase('Dry run', () => checkImport(db, importId, storage)))
  const checked = await getImport(db, auth, importId)
  if (checked.status !== 'checked' || checked.counts.update !== rows)
    throw new Error(`the dry run did not check every row: ${JSON.stringify(checked)}`)
  await requestApply(db, auth, importId, 'all_or_nothing')
  const timings: PhaseTimings = {}
  results.push(
    await phase('Apply, all or nothing', () => applyImport(db, importId, { isLastAttempt: true, timings })),
  )
  const applied = await getImport(db, auth, importId)
  if (applied.counts.applied !== rows) throw new Error(`not every row applied: ${JSON.stringify(applied)}`)
  let reverted = rows
  if (process.env.BENCH_IMPORT_REVERT !== '0')
    results.push(
      await phase('Revert', async () => {
        reverted = (await revertImport(db, auth, importId)).reverted
      }),
    )
  if (reverted !== rows) throw new Error(`not every row reverted: ${reverted}`)
  const mismatches = await ledgerMismatches(db)
  if (mismatches.length) throw new Error(`stock and ledger disagree for ${mismatches.length} SKUs`)

  const serverCol = kind === 'postgres'
  console.log(`
| ${rows.toLocaleString('en-US')} rows, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${(file.byteLength / 1024 / 1024).toFixed(1)} MB ${fileKind.toUpperCase()} | wall | CPU (this process) |${serverCol ? ' CPU (server backends) |' : ''} peak RSS | added by the phase | load average (1/5/15 min) |
|---|---|---|${serverCol ? '---|' : ''}---|---|---|
${results
  .map(
    (r) =>
      `| ${r.label} | ${seconds(r.ms)} | ${r.cpu.toFixed(1)} s |${serverCol ? ` ${r.serverCpu === null ? 'n/a' : `${r.serverCpu.toFixed(1)} s`} |` : ''} ${mb(r.peak)} | ${mb(r.added)} | ${r.load} |`,
  )
  .join('\n')}
Goals: apply < 30 s, peak RSS < 300 MB. The machine is shared: compare CPU time between runs.

| Apply, where the wall time went (summed over the ranges) | wall |
|---|---|
${Object.entries(timings)
  .map(([step, ms]) => `| ${step} | ${seconds(ms)} |`)
  .join('\n')}
`)
} finally {
  clearInterval(sampler)
  await stopJobs()
  await handle.close()
  if (admin && keep) {
    console.log(`kept the database ${name}`)
    await admin.end()
  } else if (admin) {
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
  rmSync(scratch, { recursive: true, force: true })
}
