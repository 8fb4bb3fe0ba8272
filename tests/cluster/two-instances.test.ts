/**
 * Issue #14 §3: two production instances of the app on one PostgreSQL database and one S3 server,
 * behind Debian's nginx, as the README's "Running several instances" describes. Run by
 * `npm run test:cluster` (CI, after the build): needs TEST_DATABASE_URL (a server role that may
 * create databases), nginx on PATH and the production build (`npm run build`).
 *
 * What it shows, each against the running processes over HTTP (the database is read only to check):
 * - both instances started at the same moment on an empty database: one migrated and seeded, the
 *   other waited for it (the start-up lock), and neither failed;
 * - a sign-in on one instance is valid on the other, and a sign-out on one ends it on both;
 * - a rate limit counts across both;
 * - a photo uploaded through one is served by the other (the bucket, not a disk, holds it);
 * - a job enqueued on one is processed exactly once (the SMS gateway receives each message once);
 * - each scheduled task ran once per period, not once per instance;
 * - killing one instance (SIGKILL) in the middle of a bounded checkout load loses no order and
 *   duplicates none: every order a buyer was told about exists once, and the stock matches.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import postgres from 'postgres'
import { fromCrossJSON, toJSONAsync } from 'seroval'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, selectRows, type DatabaseHandle, type Db } from '~/server/db/client.server'
import { carts, orders, outboxMessages, skus, ticketAttachments, tickets, users } from '~/server/db/schema'
import { createSession } from '~/server/auth/session.server'
import { jobPolicies, jobNames } from '~/server/jobs/job-catalog.server'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { buildExists, freePort, startInstance, waitHealthy, type AppInstance } from '../support/app-instance'
import { nginxAvailable, startNginx, type Nginx } from '../support/nginx'
import { startLocalS3, type LocalS3 } from '../support/s3-server'
import { serverFnId } from '../support/server-endpoints'

const serverUrl = process.env.TEST_DATABASE_URL
const ready = Boolean(serverUrl) && nginxAvailable() && buildExists()
if (!ready && process.env.CI) {
  throw new Error('The cluster test needs TEST_DATABASE_URL, nginx and the production build (npm run build)')
}

const DEMO_PASSWORD = 'Omdeh-demo-2026'
const DEMO_BUYER = '+989120000002'
const DEMO_SELLER = '+989120000003'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A stand-in SMS gateway (the app's `http` provider): counts every message it is given. */
async function startSmsGateway(): Promise<{
  url: string
  received: { to: string; body: string }[]
  server: Server
}> {
  const received: { to: string; body: string }[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; body: string }
      received.push(message)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `sms-${received.length}` }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}/send`, received, server }
}

async function passwordSignIn(base: string, phone: string, password: string, ip: string) {
  return fetch(`${base}/api/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ phone, password, delivery: 'body' }),
  })
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Calls a server function the way the app's pages do (seroval payload), with a bearer token. */
async function callServerFn(base: string, file: string, name: string, data: unknown, token: string) {
  const body = data instanceof FormData ? data : JSON.stringify(await toJSONAsync({ data }))
  // Origin: TanStack Start refuses a server-function call that names no origin (its CSRF check).
  const headers: Record<string, string> = { 'x-tsr-serverfn': 'true', origin: base, ...bearer(token) }
  if (!(data instanceof FormData)) headers['content-type'] = 'application/json'
  return fetch(`${base}/_serverFn/${serverFnId(file, name)}`, { method: 'POST', headers, body })
}

/** A server function's answer, decoded as the client decodes it. */
async function serverFnResult<T>(response: Response): Promise<T> {
  const text = await response.text()
  if (!response.ok) throw new Error(`server function answered ${response.status}: ${text.slice(0, 300)}`)
  const decoded = fromCrossJSON(JSON.parse(text), { refs: new Map() }) as { result?: T } | T
  return (decoded && typeof decoded === 'object' && 'result' in decoded ? decoded.result : decoded) as T
}

describe.runIf(ready)('two instances, one database, one bucket, behind nginx', () => {
  const dbName = `omdeh_cluster_${randomBytes(5).toString('hex')}`
  let dbUrl: string
  let handle: DatabaseHandle
  let db: Db
  let s3: LocalS3
  let sms: Awaited<ReturnType<typeof startSmsGateway>>
  let work: string
  let a: AppInstance
  let b: AppInstance
  let lb: Nginx
  /** When both instances answered: the scheduled-task check counts whole minutes from here. */
  let bothUp: Date

  beforeAll(async () => {
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${dbName}`)
    await admin.end()
    const url = new URL(serverUrl!)
    url.pathname = `/${dbName}`
    dbUrl = url.toString()
    s3 = await startLocalS3('omdeh-cluster')
    sms = await startSmsGateway()
    work = mkdtempSync(join(tmpdir(), 'omdeh-cluster-'))
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()]
    const shared = {
      DATABASE_URL: dbUrl,
      ...s3.env,
      PUBLIC_SITE_URL: `http://127.0.0.1:${portLb}`,
      TRUST_PROXY: '1',
      SEED_ON_EMPTY: '1',
      // The sandbox bank; messages go to the gateway above, not the dev outbox.
      DEMO_MODE: '1',
      SMS_PROVIDER: 'http',
      SMS_API_URL: sms.url,
      SMS_API_KEY: 'cluster-test-key',
      // The assertions read English words (the default for visitors is Persian).
      DEFAULT_LOCALE: 'en',
    }
    // Both at once on the empty database: the start-up lock lets one migrate and seed.
    a = startInstance({
      name: 'A',
      port: portA,
      logFile: join(work, 'a.log'),
      env: { ...shared, DATA_DIR: join(work, 'a') },
    })
    b = startInstance({
      name: 'B',
      port: portB,
      logFile: join(work, 'b.log'),
      env: { ...shared, DATA_DIR: join(work, 'b') },
    })
    await waitHealthy([a, b], 300_000)
    bothUp = new Date()
    lb = await startNginx({ listen: portLb, upstreams: [portA, portB], dir: join(work, 'nginx') })
    handle = await openDatabase({ kind: 'postgres', url: dbUrl })
    db = handle.db
  }, 360_000)

  afterAll(async () => {
    await lb?.close()
    await Promise.all([a?.stop(), b?.stop()])
    await handle?.close()
    await s3?.close()
    await new Promise((resolve) => sms?.server.close(resolve))
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${dbName} with (force)`)
    await admin.end()
    if (work) rmSync(work, { recursive: true, force: true })
  }, 60_000)

  it('started both on an empty database at once: migrated once, seeded once, both serving', async () => {
    const migrations = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
    const distinct = await selectRows<{ n: number }>(
      db,
      sql`select count(distinct hash)::int as n from drizzle.__drizzle_migrations`,
    )
    expect(migrations[0]!.n).toBeGreaterThan(10)
    expect(distinct[0]!.n).toBe(migrations[0]!.n)
    // One demo seed: each demo phone exists once (a second seed would have failed or doubled).
    const demo = await db.select({ id: users.id }).from(users).where(eq(users.cellphone, DEMO_BUYER))
    expect(demo).toHaveLength(1)
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/api/health`)).status).toBe(200)
    // Neither instance kept media on its own disk: the seed's photos went to the bucket.
    expect(existsSync(join(work, 'a', 'media'))).toBe(false)
    expect(existsSync(join(work, 'b', 'media'))).toBe(false)
  })

  it('a sign-in on one instance is valid on the other, and a sign-out on one ends it on both', async () => {
    const response = await passwordSignIn(a.url, DEMO_BUYER, DEMO_PASSWORD, '198.51.100.10')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: { access_token: string } }
    const token = body.data.access_token
    const onB = await fetch(`${b.url}/api/user/profile`, { headers: bearer(token) })
    expect(onB.status).toBe(200)
    expect(JSON.stringify(await onB.json())).toContain(DEMO_BUYER)
    expect(
      (await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: bearer(token) })).status,
    ).toBeLessThan(300)
    expect((await fetch(`${a.url}/api/user/profile`, { headers: bearer(token) })).status).toBe(401)
  })

  it('a rate limit counts across both instances', async () => {
    // Wrong passwords: 5 per phone and client in 15 minutes, whichever instance answers.
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const instance = i % 2 === 0 ? a : b
      statuses.push(
        (await passwordSignIn(instance.url, DEMO_SELLER, 'not-the-password', '198.51.100.20')).status,
      )
    }
    expect(statuses.slice(0, 5).every((status) => status === 401 || status === 422)).toBe(true)
    expect(statuses.slice(5)).toEqual([429, 429])
  })

  it('a photo uploaded through one instance is served by the other', async () => {
    const buyer = await db.select({ id: users.id }).from(users).where(eq(users.cellphone, DEMO_BUYER))
    const session = await createSession(db, buyer[0]!.id, { ip: '127.0.0.1', userAgent: 'cluster-test' })
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('subject', 'Damaged carton in my last delivery')
    form.set('department', 'wholesale')
    form.set('message', 'The photo shows the damaged carton.')
    form.set('attachments', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'carton.png')
    const created = await callServerFn(
      a.url,
      'src/features/tickets/tickets.functions.ts',
      'createTicketFn',
      form,
      session.accessToken,
    )
    expect(created.status, await created.clone().text()).toBe(200)
    const [attachment] = await db
      .select({ id: ticketAttachments.id })
      .from(ticketAttachments)
      .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
      .where(eq(tickets.userId, buyer[0]!.id))
    expect(attachment).toBeDefined()
    const served = await fetch(`${b.url}/api/tickets/attachments/${attachment!.id}`, {
      headers: bearer(session.accessToken),
    })
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true)
    // Private: the other instance refuses a guest.
    expect((await fetch(`${b.url}/api/tickets/attachments/${attachment!.id}`)).status).toBe(401)
  })

  it('a job enqueued on one instance is processed exactly once', async () => {
    const phones = Array.from({ length: 12 }, (_, i) => `+98937${String(1_000_000 + i).padStart(7, '0')}`)
    for (const [i, phone] of phones.entries()) {
      const response = await fetch(`${a.url}/api/auth/otp/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${100 + i}` },
        body: JSON.stringify({ phone }),
      })
      expect(response.status, await response.clone().text()).toBe(200)
    }
    const deadline = Date.now() + 60_000
    let rows: { id: number; status: string; attempts: number; to: string }[] = []
    while (Date.now() < deadline) {
      rows = await db
        .select({
          id: outboxMessages.id,
          status: outboxMessages.status,
          attempts: outboxMessages.attempts,
          to: outboxMessages.to,
        })
        .from(outboxMessages)
        .where(inArray(outboxMessages.to, phones))
      if (rows.length === phones.length && rows.every((row) => row.status === 'sent')) break
      await sleep(250)
    }
    expect(rows.map((row) => row.status)).toEqual(phones.map(() => 'sent'))
    // The gateway got each code once, and each job ran once (no second attempt).
    for (const phone of phones) expect(sms.received.filter((m) => m.to === phone)).toHaveLength(1)
    expect(rows.every((row) => row.attempts === 1)).toBe(true)
    const jobs = await selectRows<{ n: number; completed: number; retries: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where state = 'completed')::int as completed,
                 coalesce(sum(retry_count), 0)::int as retries
            from pgboss.job
           where name = 'message.deliver' and (data->>'outboxId')::int in (${sql.join(
             rows.map((row) => sql`${row.id}`),
             sql`, `,
           )})`,
    )
    expect(jobs[0]).toEqual({ n: phones.length, completed: phones.length, retries: 0 })
  })

  it('each scheduled task ran once per period, not once per instance', async () => {
    // Two whole minutes with both instances up: every-minute tasks ran in each, once.
    const firstWholeMinute = Math.ceil(bothUp.getTime() / 60_000) * 60_000
    const until = firstWholeMinute + 2 * 60_000 + 15_000
    if (Date.now() < until) await sleep(until - Date.now())
    const scheduled = jobNames.filter((name) => jobPolicies[name].schedule)
    const runs = await selectRows<{ name: string; minute: string; n: number; completed: number }>(
      db,
      sql`select name, date_trunc('minute', created_on)::text as minute, count(*)::int as n,
                 count(*) filter (where state = 'completed')::int as completed
            from pgboss.job
           where name in (${sql.join(
             scheduled.map((name) => sql`${name}`),
             sql`, `,
           )}) and created_on >= ${new Date(firstWholeMinute).toISOString()}::timestamptz
           group by 1, 2 order by 1, 2`,
    )
    // Never two runs of one task in one minute.
    expect(runs.filter((run) => run.n !== 1)).toEqual([])
    for (const name of scheduled.filter((n) => jobPolicies[n].schedule === '* * * * *')) {
      const minutes = runs.filter((run) => run.name === name && run.completed === 1)
      expect(minutes.length, `${name} ran in each whole minute`).toBeGreaterThanOrEqual(2)
    }
  }, 240_000)

  it('killing one instance during a checkout load loses no order and duplicates none', async () => {
    // A seller of our own with one SKU of known stock, and ten buyers with sessions.
    const seller = await createSeller(db)
    const store = await createStore(db, { seller, city: 'Tehran' })
    const product = await createProduct(db)
    const stock = 5_000
    const sku = await createSku(db, {
      store,
      product,
      remainingQuantity: stock,
      tiers: [{ unitPrice: 120_000 }],
    })
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const user = await createUser(db)
        const session = await createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'cluster-test' })
        return { id: user.id, token: session.accessToken }
      }),
    )
    const ordersEach = 10
    const total = buyers.length * ordersEach
    const acknowledged = new Map<string, string>()
    let placed = 0
    let killedAt: number | null = null
    let failedRequests = 0
    let retriedCalls = 0

    /** One HTTP call through nginx, repeated (the same body, so the same keys) until it answers. */
    async function withRetry(call: () => Promise<Response>): Promise<Response> {
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await call()
          if (response.status < 500) return response
          failedRequests++
          await response.body?.cancel()
        } catch {
          failedRequests++
        }
        if (attempt >= 20) throw new Error('no instance answered 20 times in a row')
        if (attempt === 1) retriedCalls++
        await sleep(200 * attempt)
      }
    }

    async function buyerLoop(buyer: { id: number; token: string }) {
      for (let n = 0; n < ordersEach; n++) {
        const fillKey = `fill-${buyer.id}-${n}-${randomBytes(6).toString('hex')}`
        const filled = await withRetry(() =>
          fetch(`${lb.url}/api/cart/b2b/basket/fill`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'idempotency-key': fillKey,
              ...bearer(buyer.token),
            },
            body: JSON.stringify({ items: [{ sku: sku.sku, quantity: 3 }] }),
          }),
        )
        expect(filled.status, await filled.clone().text()).toBe(200)
        await filled.body?.cancel()
        const [cart] = await db
          .select({ id: carts.id })
          .from(carts)
          .where(and(eq(carts.buyerUserId, buyer.id), eq(carts.sellerId, seller.id)))
        const cartId = cart!.id
        const idempotencyKey = `cluster-${buyer.id}-${n}-${randomBytes(8).toString('hex')}`
        const response = await withRetry(() =>
          callServerFn(
            lb.url,
            'src/features/checkout/checkout.functions.ts',
            'placeOrderFn',
            { cartId, addressId: null, deliveryMethod: 'pickup', idempotencyKey },
            buyer.token,
          ),
        )
        const order = await serverFnResult<{ orderId: number; orderNumber: string }>(response)
        acknowledged.set(idempotencyKey, order.orderNumber)
        placed++
        // A third of the way through: the first instance dies without a word.
        if (killedAt === null && placed >= Math.floor(total / 3)) {
          killedAt = placed
          a.process.kill('SIGKILL')
        }
      }
    }

    const started = performance.now()
    await Promise.all(buyers.map(buyerLoop))
    const seconds = (performance.now() - started) / 1000

    const stored = await db
      .select({ number: orders.number, key: orders.idempotencyKey })
      .from(orders)
      .where(
        inArray(
          orders.buyerUserId,
          buyers.map((buyer) => buyer.id),
        ),
      )
    const storedByKey = new Map<string, string[]>()
    for (const row of stored) storedByKey.set(row.key, [...(storedByKey.get(row.key) ?? []), row.number])
    const lost = [...acknowledged].filter(([key, number]) => !storedByKey.get(key)?.includes(number))
    const duplicated = [...storedByKey.values()].filter((numbers) => numbers.length > 1)
    const unacknowledged = stored.filter((row) => !acknowledged.has(row.key))
    const [left] = await db
      .select({ remaining: skus.remainingQuantity })
      .from(skus)
      .where(eq(skus.id, sku.id))
    console.log(
      `kill -9 of instance A after ${killedAt} of ${total} orders: ${acknowledged.size} orders placed in ${seconds.toFixed(1)} s, ` +
        `${stored.length} stored, lost ${lost.length}, duplicated ${duplicated.length}, ` +
        `${failedRequests} requests failed and were retried (${retriedCalls} calls), stock ${stock} → ${left!.remaining}`,
    )
    expect(killedAt).not.toBeNull()
    expect(a.process.signalCode).toBe('SIGKILL')
    expect(acknowledged.size).toBe(total)
    expect(lost).toEqual([])
    expect(duplicated).toEqual([])
    expect(unacknowledged).toEqual([])
    expect(stored).toHaveLength(total)
    // Each order reserved its 3 units once: the stock and its ledger agree.
    expect(left!.remaining).toBe(stock - 3 * total)
    expect(await ledgerMismatches(db)).toEqual([])
  }, 300_000)
})
