// `npm run bench`: the issue #21 table first (scripts/bench-table.mjs: SSR pages beside their
// static ceiling, /api/products with the facet cache off, search, the basket, first-load JS), then,
// with `--all`, the older figures: start-up time, page latency, the catalogue at scale 50, the
// import and the inventory list. Runs only against loopback; bounded counts and times.
//
//   npm run bench -- --quick        the table with 3 s measurements (a few minutes)
//   npm run bench -- --all          the table, then everything below it
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { privateBuildCopy, root, startServer, stopServer } from './bench-server.mjs'

const port = Number(process.env.BENCH_PORT ?? 3190)
const base = `http://127.0.0.1:${port}`
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'omdeh-bench-'))
const keepData = Boolean(process.env.BENCH_DATA_DIR)
const requests = Number(process.env.BENCH_REQUESTS ?? 100)

const args = process.argv.slice(2)
if (process.env.BENCH_TABLE !== '0') {
  const table = spawnSync(process.execPath, [join(root, 'scripts/bench-table.mjs'), ...args], {
    cwd: root,
    stdio: 'inherit',
  })
  if (table.status !== 0) process.exitCode = 1
}
if (!args.includes('--all')) process.exit(process.exitCode ?? 0)

const output = privateBuildCopy()

/** Time from spawning the process to the first healthy answer. */
async function timedStart() {
  const started = performance.now()
  const child = await startServer({ output, port, env: { DATA_DIR: dataDir } })
  return { child, ms: performance.now() - started }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const fmt = (ms) => `${ms.toFixed(1)} ms`

async function measure(path) {
  const times = []
  for (let i = 0; i < requests; i++) {
    const started = performance.now()
    const response = await fetch(`${base}${path}`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) }
}

try {
  const first = await timedStart()
  console.log(`first start (empty database: migrate + demo seed): ${fmt(first.ms)}`)
  await stopServer(first.child)

  const startups = []
  for (let i = 0; i < 3; i++) {
    const run = await timedStart()
    startups.push(run.ms)
    if (i < 2) await stopServer(run.child)
    else {
      console.log(`start-up on an existing database (3 runs): ${startups.map(fmt).join(', ')}`)
      const paths = (process.env.BENCH_PATHS ?? '/,/api/health').split(',')
      for (const path of paths) {
        await measure(path) // warm-up round
        const result = await measure(path)
        console.log(
          `GET ${path} × ${requests}: p50 ${fmt(result.p50)}, p95 ${fmt(result.p95)}, max ${fmt(result.max)}`,
        )
      }
      await stopServer(run.child)
    }
  }
} finally {
  if (!keepData) rmSync(dataDir, { recursive: true, force: true })
  rmSync(output, { recursive: true, force: true })
}

// The catalogue at scale (100,000 products, PGlite and PostgreSQL): scripts/bench-catalog.mjs.
// BENCH_CATALOG=0 skips it; the first run seeds for minutes, later runs reuse the databases.
if (process.env.BENCH_CATALOG !== '0') {
  const catalog = spawnSync(process.execPath, [join(root, 'scripts/bench-catalog.mjs')], {
    cwd: root,
    stdio: 'inherit',
  })
  if (catalog.status !== 0) process.exitCode = 1
}
// The basket under 50 concurrent buyers on PostgreSQL (BENCH_PG_URL): scripts/bench-basket.mjs. BENCH_BASKET=0 skips it.
const basket =
  process.env.BENCH_BASKET === '0'
    ? null
    : spawnSync(process.execPath, [join(root, 'scripts/bench-basket.mjs')], { cwd: root, stdio: 'inherit' })
if (basket && basket.status !== 0) process.exitCode = 1
// The price and stock import at 100,000 rows: scripts/bench-import.ts, once per database (PostgreSQL
// at BENCH_PG_URL, and PGlite) and file kind (CSV, XLSX), each in its own process under the server's
// heap cap with gc() exposed, so each phase starts from its live heap. BENCH_IMPORT=0 skips it.
if (process.env.BENCH_IMPORT !== '0')
  for (const database of ['postgres', 'pglite'])
    for (const file of ['csv', 'xlsx']) {
      const run = spawnSync(
        process.execPath,
        ['--max-old-space-size=256', '--expose-gc', '--import', 'tsx', join(root, 'scripts/bench-import.ts')],
        {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, NODE_ENV: 'test', BENCH_IMPORT_DB: database, BENCH_IMPORT_FILE: file },
        },
      )
      if (run.status !== 0) process.exitCode = 1
    }
// The seller's inventory list at 20,000 SKUs on PostgreSQL (BENCH_PG_URL): scripts/bench-inventory.ts. BENCH_INVENTORY=0 skips it.
const inventoryBench =
  process.env.BENCH_INVENTORY === '0'
    ? null
    : spawnSync(
        process.execPath,
        [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/bench-inventory.ts')],
        { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
      )
if (inventoryBench && inventoryBench.status !== 0) process.exitCode = 1
// A seller's statement over 1,000,000 ledger entries on PostgreSQL (BENCH_PG_URL): scripts/bench-statement.ts. BENCH_STATEMENT=0 skips it.
const statementBench =
  process.env.BENCH_STATEMENT === '0'
    ? null
    : spawnSync(
        process.execPath,
        [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/bench-statement.ts')],
        { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
      )
if (statementBench && statementBench.status !== 0) process.exitCode = 1
// The weekly payout run for 10,000 sellers on PostgreSQL (BENCH_PG_URL): scripts/bench-payouts.ts. BENCH_PAYOUTS=0 skips it.
const payoutBench =
  process.env.BENCH_PAYOUTS === '0'
    ? null
    : spawnSync(
        process.execPath,
        [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/bench-payouts.ts')],
        { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
      )
if (payoutBench && payoutBench.status !== 0) process.exitCode = 1
