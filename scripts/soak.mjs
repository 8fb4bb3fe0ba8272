// `npm run soak`: a bounded mixed load against the production build for N minutes, then a quiet
// minute, reporting latency percentiles, errors and the server's memory (RSS) over time. Not part
// of CI's tests (issue #13): it is how a memory or latency regression is found and measured.
//
//   SOAK_MINUTES      minutes of load (default 3)
//   SOAK_QUIET        seconds watched after the load stops (default 60)
//   SOAK_USERS        concurrent virtual users (default 8; half browse as guests, half are buyers)
//   SOAK_URL          an already running server to load instead (its memory is then not reported)
//   BENCH_OUTPUT_DIR  a production build to serve (default .output, built when missing)
//   DATABASE_URL      serve a PostgreSQL database instead of a fresh PGlite folder
//   SOAK_PORT         port of the server this script starts (default 3195)
//   SOAK_HEAP=1       also take V8 heap snapshots of the server after warm-up and at the end
//                     (written to the working directory; their sizes are reported)
//
// Every virtual user runs the same weighted mix: pages (home, listing, product, search, help),
// the JSON catalogue API, images, and for buyers the basket (add, read, change, remove) and their
// orders. The server is started with TRUST_PROXY=1 and each user sends its own X-Forwarded-For,
// as users behind a load balancer would, so per-client rate limits apply per user.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { privateBuildCopy, startServer, stopServer } from './bench-server.mjs'

const minutes = Number(process.env.SOAK_MINUTES ?? 3)
const quietSeconds = Number(process.env.SOAK_QUIET ?? 60)
const users = Number(process.env.SOAK_USERS ?? 8)
const port = Number(process.env.SOAK_PORT ?? 3195)
const SAMPLE_MS = 10_000
const DEMO_PASSWORD = 'Omdeh-demo-2026'

let child = null
let dataDir = null
let base = process.env.SOAK_URL?.replace(/\/+$/, '')
if (!base) {
  const output = privateBuildCopy()
  dataDir = mkdtempSync(join(tmpdir(), 'omdeh-soak-data-'))
  console.log(`Starting the production build (data in ${process.env.DATABASE_URL ? 'PostgreSQL' : dataDir})…`)
  const env = { DATA_DIR: dataDir, TRUST_PROXY: '1' }
  if (process.env.SOAK_HEAP === '1') env.NODE_OPTIONS = '--heapsnapshot-signal=SIGUSR2'
  child = await startServer({ output, port, env, timeoutMs: 300_000 })
  base = `http://127.0.0.1:${port}`
}

/** Resident memory of the server process in MB (Linux /proc), or null when not ours. */
function rssMb() {
  if (!child?.pid) return null
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null
  } catch {
    return null
  }
}

async function json(path, init) {
  const response = await fetch(`${base}${path}`, init)
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return response.json()
}

// What there is to ask for: product slugs, category slugs and SKUs from the catalogue API.
const listing = await json('/api/products?sort=popular&per_page=48')
const products = (listing.data ?? []).filter((p) => p.slug)
if (products.length === 0) throw new Error('the catalogue API returned no products: is the database seeded?')
const categories = (await json('/api/categories')).data?.map((c) => c.slug).filter(Boolean) ?? []
const skus = []
for (const product of products.slice(0, 24)) {
  const detail = await json(`/api/products/${product.slug}`)
  for (const offer of detail.data?.offers ?? []) if (offer.sku) skus.push(offer.sku)
}
const words = ['tea', 'rice', 'saffron', 'oil', 'towel', 'soap', 'dates', 'pistachio']
const pick = (list) => list[Math.floor(Math.random() * list.length)]

/** A buyer of our own for each buyer user (the demo buyer's password limits are per client). */
async function buyerToken(ip) {
  const response = await fetch(`${base}/api/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ phone: '+989120000002', password: DEMO_PASSWORD, delivery: 'body' }),
  })
  const body = await response.json()
  const token = body.data?.access_token ?? body.access_token
  if (!token) throw new Error(`sign-in for the soak failed: ${response.status} ${JSON.stringify(body)}`)
  return token
}

const guestMix = [
  [4, () => ['GET', '/']],
  [6, () => ['GET', `/category/${pick(categories)}`]],
  [8, () => ['GET', `/product/${pick(products).slug}`]],
  [4, () => ['GET', `/search?q=${pick(words)}`]],
  [2, () => ['GET', '/help-center']],
  [
    8,
    () => [
      'GET',
      `/api/products?category=${pick(categories)}&sort=popular&page=${1 + Math.floor(Math.random() * 3)}`,
    ],
  ],
  [4, () => ['GET', `/api/products/suggest?q=${pick(words)}`]],
  [4, () => ['GET', `/api/products/${pick(products).slug}`]],
  [3, () => ['GET', `/api/image?src=${encodeURIComponent(pick(products).image ?? '/media/none.svg')}&w=320`]],
]

function weighted(mix) {
  const total = mix.reduce((sum, [w]) => sum + w, 0)
  let roll = Math.random() * total
  for (const [w, make] of mix) if ((roll -= w) < 0) return make()
  return mix[0][1]()
}

/** Latencies (ms) and errors per sampling window, plus the whole run's. */
const windows = []
let current = { started: Date.now(), latencies: [], errors: 0, statuses: {} }
const all = { latencies: [], errors: 0, requests: 0, statuses: {} }

async function timed(method, path, init = {}) {
  const started = performance.now()
  // 0: no answer (refused, reset or cut off).
  const status = await fetch(`${base}${path}`, { method, ...init, redirect: 'manual' }).then(
    async (response) => {
      await response.arrayBuffer()
      return response.status
    },
    () => 0,
  )
  const ms = performance.now() - started
  current.latencies.push(ms)
  all.latencies.push(ms)
  all.requests++
  const bad = status === 0 || status >= 500
  if (bad) {
    current.errors++
    all.errors++
  }
  current.statuses[status] = (current.statuses[status] ?? 0) + 1
  all.statuses[status] = (all.statuses[status] ?? 0) + 1
  return status
}

async function buyerRound(headers) {
  const sku = pick(skus)
  const added = await fetch(`${base}/api/cart/b2b/cart-items`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ sku, quantity: 1 }),
  }).catch(() => null)
  const started = performance.now()
  const item = added?.ok ? (await added.json()).data : null
  if (added) {
    const ms = performance.now() - started
    current.latencies.push(ms)
    all.latencies.push(ms)
    all.requests++
    if (added.status >= 500) {
      current.errors++
      all.errors++
    }
  }
  await timed('GET', '/api/cart/b2b/basket', { headers })
  if (item?.id) {
    await timed('PATCH', `/api/cart/b2b/cart-items/${item.id}/quantity`, {
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 2 }),
    })
    await timed('DELETE', `/api/cart/b2b/cart-items/${item.id}`, { headers })
  }
  await timed('GET', '/buyer/orders', { headers })
}

const stopAt = Date.now() + minutes * 60_000
async function user(index) {
  const ip = `198.51.100.${10 + index}`
  const buyer = index % 2 === 1 && skus.length > 0
  const headers = { 'x-forwarded-for': ip }
  if (buyer) headers.authorization = `Bearer ${await buyerToken(ip)}`
  while (Date.now() < stopAt) {
    if (buyer && Math.random() < 0.3) await buyerRound(headers)
    else {
      const [method, path] = weighted(guestMix)
      await timed(method, path, { headers })
    }
  }
}

/** Asks the server for a heap snapshot and waits for the file; returns its size in MB. */
async function heapSnapshotMb() {
  if (process.env.SOAK_HEAP !== '1' || !child) return null
  const before = new Set(readdirSync('.').filter((f) => f.endsWith('.heapsnapshot')))
  child.kill('SIGUSR2')
  // The file appears empty and is written as the snapshot is taken: wait until it stops growing.
  let last = -1
  for (let i = 0; i < 300; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const file = readdirSync('.').find((f) => f.endsWith('.heapsnapshot') && !before.has(f))
    const size = file ? statSync(file).size : 0
    if (file && size > 0 && size === last) {
      rmSync(file)
      return Math.round(size / 1024 / 1024)
    }
    last = size
  }
  return null
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

const rows = []
function closeWindow(phase) {
  const sorted = [...current.latencies].sort((a, b) => a - b)
  const seconds = (Date.now() - current.started) / 1000
  rows.push({
    at: `${Math.round((Date.now() - begun) / 1000)} s`,
    phase,
    requests: sorted.length,
    'req/s': Math.round(sorted.length / seconds),
    'p50 ms': Math.round(percentile(sorted, 50)),
    'p95 ms': Math.round(percentile(sorted, 95)),
    'p99 ms': Math.round(percentile(sorted, 99)),
    errors: current.errors,
    'RSS MB': rssMb() ?? '-',
  })
  console.log(rows.at(-1))
  windows.push(current)
  current = { started: Date.now(), latencies: [], errors: 0, statuses: {} }
}

const begun = Date.now()
const startRss = rssMb()
console.log(
  `Soak: ${users} users for ${minutes} min against ${base} (${products.length} products, ${skus.length} SKUs); RSS at start ${startRss ?? '-'} MB`,
)
const sampler = setInterval(() => closeWindow('load'), SAMPLE_MS)
const running = Promise.all(Array.from({ length: users }, (_, i) => user(i)))
// One heap snapshot once the load has warmed the server up, one after the quiet time: a heap that
// keeps growing between them is a leak; a flat heap under a growing RSS is native memory.
await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, minutes * 30_000)))
const heapWarm = await heapSnapshotMb()
await running
clearInterval(sampler)
closeWindow('load')
const quietEnd = Date.now() + quietSeconds * 1000
while (Date.now() < quietEnd) {
  await new Promise((resolve) => setTimeout(resolve, Math.min(SAMPLE_MS, quietEnd - Date.now())))
  closeWindow('quiet')
}

const heapEnd = await heapSnapshotMb()
const sorted = [...all.latencies].sort((a, b) => a - b)
console.log('\nOver time:')
console.table(rows)
console.log('Whole run:')
console.table([
  {
    requests: all.requests,
    'p50 ms': Math.round(percentile(sorted, 50)),
    'p95 ms': Math.round(percentile(sorted, 95)),
    'p99 ms': Math.round(percentile(sorted, 99)),
    'errors (5xx or no answer)': all.errors,
    'RSS start MB': startRss ?? '-',
    'RSS peak MB': Math.max(...rows.map((r) => (typeof r['RSS MB'] === 'number' ? r['RSS MB'] : 0))) || '-',
    'RSS end MB': rssMb() ?? '-',
    ...(heapWarm === null
      ? {}
      : { 'heap snapshot warm MB': heapWarm, 'heap snapshot end MB': heapEnd ?? '-' }),
  },
])
console.log('Statuses:', all.statuses)

if (child) await stopServer(child)
if (dataDir) rmSync(dataDir, { recursive: true, force: true })
process.exit(all.errors > 0 ? 1 : 0)
