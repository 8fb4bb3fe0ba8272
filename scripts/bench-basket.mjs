// The basket benchmark (`npm run bench` calls it; `node scripts/bench-basket.mjs` alone works too):
// add-to-basket (POST /api/cart/b2b/cart-items) and basket-read (GET /api/cart/b2b/basket) latency
// under N concurrent signed-in buyers (one connection each, their own bearer token), against the
// production build on PostgreSQL, over loopback, for a bounded time. Target: p95 under 30 ms.
//
// Each scenario runs twice:
//   paced     every buyer sends BENCH_RATE requests a second, the buyers out of step with each
//             other, as people are: the latency a buyer sees. Sent by a small keep-alive client,
//             because autocannon's rate limit fires all its connections in the same instant,
//             which measures a 50-request burst rather than 50 buyers.
//   flat out  autocannon, one connection per buyer, each sending the next request as soon as the
//             last is answered: the server's capacity. Latency there is queueing (Little's law:
//             buyers / throughput), not what a buyer sees.
//
//   BENCH_PG_URL      a PostgreSQL server URL whose role may create databases (falls back to
//                     TEST_DATABASE_URL); a fresh database is created for the run and dropped after
//   BENCH_BUYERS      concurrent buyers (default 50)
//   BENCH_DURATION    seconds per scenario (default 10)
//   BENCH_OUTPUT_DIR  a production build to serve (default: .output, built when missing)
//   BENCH_BASKET_MODES paced,flat (default both)
//   BENCH_RESULT_FILE  also write the rows as JSON there (p95, server CPU ms per request), for the
//                      issue #21 table (scripts/bench-table.mjs)
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import postgres from 'postgres'
import { privateBuildCopy, root, startServer, stopServer } from './bench-server.mjs'

const serverUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL
const buyers = Number(process.env.BENCH_BUYERS ?? 50)
const duration = Number(process.env.BENCH_DURATION ?? 10)
const rate = Number(process.env.BENCH_RATE ?? 2)
const port = Number(process.env.BENCH_PORT ?? 3192)
const base = `http://127.0.0.1:${port}`
const TARGET_P95_MS = 30

const modes = (process.env.BENCH_BASKET_MODES ?? 'paced,flat').split(',')
const resultFile = process.env.BENCH_RESULT_FILE

if (!serverUrl) {
  const why = 'skipped: set BENCH_PG_URL to a PostgreSQL server where the role may create databases'
  console.log(`basket bench: ${why}`)
  if (resultFile)
    writeFileSync(resultFile, JSON.stringify({ rows: [{ what: 'basket add and read', skipped: why }] }))
  process.exit(0)
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100)
/** The server's utime + stime in ms (Linux /proc). */
function serverCpuMs() {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const fmt = (ms) => `${ms.toFixed(1)} ms`

function report(label, mode, times, errors, cpuBefore) {
  times.sort((a, b) => a - b)
  const p95 = percentile(times, 95)
  const cpu = (serverCpuMs() - cpuBefore) / Math.max(1, times.length)
  console.log(
    `${label.padEnd(42)} ${mode.padEnd(15)} ${buyers} buyers: ${times.length} requests (${Math.round(times.length / duration)}/s), ` +
      `p50 ${fmt(percentile(times, 50))}, p95 ${fmt(p95)}, p99 ${fmt(percentile(times, 99))}, ${cpu.toFixed(2)} CPU ms/request` +
      `${errors ? `, ${errors} errors` : ''}${mode === 'flat out' ? '' : p95 < TARGET_P95_MS ? ' (within the target)' : ' (OVER the target)'}`,
  )
  return { what: `${label}, ${mode}`, p95, errors, cpu, rps: times.length / duration, goalMs: TARGET_P95_MS }
}

/** Each buyer its own loop: a request every 1/rate s (a little jitter), starts spread over one interval. */
async function paced(label, requestFor, expectedStatus) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers })
  const times = []
  let errors = 0
  const cpuBefore = serverCpuMs()
  const send = ({ method, path, headers, body }) =>
    new Promise((resolve) => {
      const started = performance.now()
      const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }))
      })
      req.on('error', () => resolve({ status: 0, ms: 0 }))
      req.end(body)
    })
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
  const interval = 1000 / rate
  const until = Date.now() + duration * 1000
  await Promise.all(
    setup.buyers.map(async (buyer, index) => {
      await sleep((index / buyers) * interval)
      while (Date.now() < until) {
        const started = Date.now()
        const { status, ms } = await send(requestFor(buyer, index))
        if (status === expectedStatus) times.push(ms)
        else errors++
        await sleep(interval * (0.8 + Math.random() * 0.4) - (Date.now() - started))
      }
    }),
  )
  agent.destroy()
  return report(label, `paced ${rate}/s each`, times, errors, cpuBefore)
}

/** One autocannon client per buyer (one connection, its own token), all at once; every latency kept. */
async function flatOut(label, requestFor, expectedStatus) {
  const times = []
  let errors = 0
  const cpuBefore = serverCpuMs()
  await Promise.all(
    setup.buyers.map(
      (buyer, index) =>
        new Promise((resolve, reject) => {
          const instance = autocannon(
            { url: base, connections: 1, duration, requests: [requestFor(buyer, index)] },
            (error, result) => (error ? reject(error) : resolve(result)),
          )
          instance.on('response', (_client, status, _bytes, ms) => {
            if (status === expectedStatus) times.push(ms)
            else errors++
          })
        }),
    ),
  )
  return report(label, 'flat out', times, errors, cpuBefore)
}

const name = `omdeh_basket_bench_${randomBytes(4).toString('hex')}`
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${name}`)
const dbUrl = new URL(serverUrl)
dbUrl.pathname = `/${name}`
const output = privateBuildCopy()
const dataDir = mkdtempSync(join(tmpdir(), 'omdeh-basket-bench-data-'))
let setup
let child
let failed
try {
  console.log(
    `basket bench: PostgreSQL, demo catalogue, ${buyers} concurrent buyers, ${duration} s per scenario, target p95 < ${TARGET_P95_MS} ms`,
  )
  // The first start migrates and loads the demo catalogue: allow for it.
  child = await startServer({
    output,
    port,
    env: { DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir, SEED_ON_EMPTY: '1' },
    timeoutMs: 180_000,
  })
  const made = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench-basket-setup.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl.toString(),
        BENCH_BUYERS: String(buyers),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  )
  if (made.status !== 0) throw new Error(`buyer setup failed: ${made.stderr}`)
  setup = JSON.parse(made.stdout)
  const auth = (buyer) => ({ authorization: `Bearer ${buyer.token}`, accept: 'application/json' })
  // Warm-up: connections, plan caches, JIT.
  for (const buyer of setup.buyers.slice(0, 10))
    await (await fetch(`${base}/api/cart/b2b/basket`, { headers: auth(buyer) })).arrayBuffer()

  const readRequest = (buyer) => ({ method: 'GET', path: '/api/cart/b2b/basket', headers: auth(buyer) })
  const addRequest = (buyer, index) => ({
    method: 'POST',
    path: '/api/cart/b2b/cart-items',
    headers: { ...auth(buyer), 'content-type': 'application/json' },
    // Half the adds grow a line already there, half go to a line in another seller's cart.
    body: JSON.stringify({
      sku: index % 2 ? buyer.skus[0] : setup.skus[(index * 7) % setup.skus.length],
      quantity: 1,
    }),
  })
  const results = []
  for (const load of [modes.includes('paced') && paced, modes.includes('flat') && flatOut].filter(Boolean)) {
    results.push(await load('basket read (GET /cart/b2b/basket, 4 lines)', readRequest, 200))
    results.push(await load('add to basket (POST /cart/b2b/cart-items)', addRequest, 201))
  }
  failed = results.some((r) => r.errors > 0)
  if (resultFile) writeFileSync(resultFile, JSON.stringify({ rows: results }))
} finally {
  if (child) await stopServer(child)
  await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
  rmSync(output, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
if (failed) process.exitCode = 1
