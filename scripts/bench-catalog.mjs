// The catalogue benchmark (`npm run bench` calls it; `node scripts/bench-catalog.mjs` alone works too):
// latency of the /product listing API with three typical filter sets and of two text searches, on a
// catalogue seeded at scale 50 (100,000 products), on PGlite and on PostgreSQL, measured with
// autocannon over loopback against the production build.
//
//   BENCH_CATALOG_SCALE     seed scale (default 50)
//   BENCH_CATALOG_DIR       where the PGlite catalogue is kept between runs (default: a folder in /tmp)
//   BENCH_OUTPUT_DIR        a production build to serve (default: .output, built when missing)
//   BENCH_PG_URL            a PostgreSQL database to seed and serve (skipped when unset)
//   BENCH_CATALOG_TARGETS   pglite,postgres (default both)
//   BENCH_DURATION          seconds per URL and concurrency (default 10)
//   BENCH_CONNECTIONS       concurrencies to measure (default 1,10: latency alone, then under load)
//
// A database already seeded at the requested scale is reused; seeding takes minutes.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { privateBuildCopy, root, startServer, stopServer } from './bench-server.mjs'

const scale = Number(process.env.BENCH_CATALOG_SCALE ?? 50)
const dir = process.env.BENCH_CATALOG_DIR ?? join(tmpdir(), 'omdeh-catalog-bench')
const pgUrl = process.env.BENCH_PG_URL
const targets = (process.env.BENCH_CATALOG_TARGETS ?? 'pglite,postgres').split(',')
const duration = Number(process.env.BENCH_DURATION ?? 10)
const concurrencies = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number)
const port = Number(process.env.BENCH_PORT ?? 3191)
const base = `http://127.0.0.1:${port}`

/** Three typical ways people narrow the catalogue, and two searches (one misspelt). */
const scenarios = [
  ['department, popular first', '/api/products?category=food-and-beverages&sort=popular'],
  [
    'leaf + in stock + price cap, cheapest first',
    '/api/products?category=rice-and-grains&in_stock=true&max_price=30000000&sort=price_asc',
  ],
  [
    'two brands + discount, newest, page 3',
    '/api/products?brand=golbarg&brand=nobahar&discount=true&sort=newest&page=3',
  ],
  ['text search "basmati rice"', '/api/products?q=basmati+rice'],
  ['misspelt search "dishwahsing liquid"', '/api/products?q=dishwahsing+liquid'],
]

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

/** Seeds with `npm run db:seed` unless a marker says this database holds this scale already. */
function ensureSeeded(name, env) {
  const marker = join(dir, `${name}.seeded`)
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === String(scale)) return
  console.log(`seeding ${name} at scale ${scale} (minutes) ...`)
  const started = performance.now()
  run(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/db-seed.ts', '--scale', String(scale), '--reset'],
    env,
  )
  console.log(`seeded ${name} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  writeFileSync(marker, String(scale))
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** autocannon reports p50/p90/p97.5/p99; p95 is computed here from every response time. */
async function load(path, connections) {
  const times = []
  let errors = 0
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${base}${path}`, connections, duration }, (error, res) =>
      error ? reject(error) : resolve(res),
    )
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) times.push(ms)
      else errors++
    })
  })
  times.sort((a, b) => a - b)
  return {
    requests: times.length,
    errors: errors + result.errors + result.timeouts,
    rps: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  }
}

const fmt = (ms) => `${ms.toFixed(1)} ms`

/**
 * Each scenario twice per concurrency: with the facet memo on (production) and off (every request
 * counts its facets), so both the usual and the worst case are on record.
 */
async function benchTarget(name, output, env) {
  const rows = []
  for (const cache of ['on', 'off']) {
    const child = await startServer({
      output,
      port,
      env: { SEED_ON_EMPTY: '0', ...env, CATALOG_CACHE: cache },
    })
    try {
      const check = await (await fetch(`${base}/api/products?per_page=12`)).json()
      if (cache === 'on') console.log(`${name}: ${check.meta.total.toLocaleString('en')} listed products`)
      for (const [label, path] of scenarios) {
        // Warm-up: plan caches, page cache, JIT.
        for (let i = 0; i < 20; i++) await (await fetch(`${base}${path}`)).arrayBuffer()
        const parts = []
        for (const connections of concurrencies) {
          const r = await load(path, connections)
          rows.push({ database: name, facetCache: cache, scenario: label, path, connections, ...r })
          parts.push(
            `${connections} conn: p50 ${fmt(r.p50)} p95 ${fmt(r.p95)} ${r.rps} req/s${r.errors ? ` ${r.errors} errors` : ''}`,
          )
        }
        console.log(`${name.padEnd(8)} memo ${cache.padEnd(3)} ${label.padEnd(46)} ${parts.join(' | ')}`)
      }
    } finally {
      await stopServer(child)
    }
  }
  return rows
}

mkdirSync(dir, { recursive: true })
const output = privateBuildCopy()
const all = []
try {
  console.log(
    `catalogue bench: scale ${scale}, ${duration} s per URL and concurrency, autocannon over loopback`,
  )
  if (targets.includes('postgres')) {
    if (!pgUrl) console.log('postgres: skipped (set BENCH_PG_URL to a database it may reset)')
    else {
      ensureSeeded('postgres', { DATABASE_URL: pgUrl, DATA_DIR: join(dir, 'pg-media') })
      all.push(
        ...(await benchTarget('postgres', output, { DATABASE_URL: pgUrl, DATA_DIR: join(dir, 'pg-media') })),
      )
    }
  }
  if (targets.includes('pglite')) {
    const env = { DATA_DIR: join(dir, 'pglite'), DATABASE_URL: '' }
    ensureSeeded('pglite', env)
    all.push(...(await benchTarget('pglite', output, env)))
  }
  writeFileSync(
    join(dir, 'results.json'),
    JSON.stringify({ at: new Date().toISOString(), scale, duration, rows: all }, null, 2),
  )
  console.log(`results: ${join(dir, 'results.json')}`)
} finally {
  rmSync(output, { recursive: true, force: true })
}
