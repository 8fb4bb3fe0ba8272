import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadServerConfig } from '#app-config'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { outboxMessages } from '~/server/db/schema'
import { allJobs, claimAndVanish, deadLetters, heartbeat, jobsNamed, runDueJobs } from '../support/jobs'
import { createCaptchaVerifier } from '~/server/providers/captcha/captcha.server'
import { httpSmsProvider } from '~/server/providers/sms/http-sms.server'
import {
  assertDevOutboxAllowed,
  listOutboxMessages,
  queueMessage,
  setSmsProviderForTesting,
} from '~/server/providers/sms/outbox.server'
import { createSmsProvider, type SmsProvider } from '~/server/providers/sms/sms.server'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase, uniquePhone } from './auth-fixtures'

interface Received {
  method: string
  headers: IncomingMessage['headers']
  body: string
}

/** A local stand-in for the SMS gateway or captcha provider: answers from a queue of replies. */
async function fakeServer(replies: Array<{ status: number; body: unknown }>) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body })
      const reply = replies.shift() ?? { status: 200, body: {} }
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/send`, received, close: () => new Promise((r) => server.close(r)) }
}

describe('the HTTP SMS adapter against a fake gateway', () => {
  it('posts JSON with the bearer key and keeps the gateway id', async () => {
    const gateway = await fakeServer([{ status: 202, body: { id: 'msg-42' } }])
    try {
      const provider = httpSmsProvider({ url: gateway.url, apiKey: 'test-key' })
      const result = await provider.send({ to: '+989121234567', channel: 'whatsapp', body: 'Hello' })
      expect(result).toEqual({ providerMessageId: 'msg-42' })
      expect(gateway.received).toHaveLength(1)
      const [request] = gateway.received
      expect(request!.method).toBe('POST')
      expect(request!.headers.authorization).toBe('Bearer test-key')
      expect(request!.headers['content-type']).toBe('application/json')
      expect(JSON.parse(request!.body)).toEqual({ to: '+989121234567', channel: 'whatsapp', body: 'Hello' })
    } finally {
      await gateway.close()
    }
  })

  it('throws on a refusal so that the job retries', async () => {
    const gateway = await fakeServer([{ status: 503, body: { error: 'busy' } }])
    try {
      const provider = httpSmsProvider({ url: gateway.url, apiKey: 'k' })
      await expect(provider.send({ to: '+989121234567', channel: 'sms', body: 'x' })).rejects.toThrow(/503/)
    } finally {
      await gateway.close()
    }
  })

  it('is chosen by SMS_PROVIDER=http; the dev adapter is refused in production without DEMO_MODE', () => {
    const http = loadServerConfig({
      SMS_PROVIDER: 'http',
      SMS_API_URL: 'https://sms.example/send',
      SMS_API_KEY: 'k',
    })
    expect(createSmsProvider(http).name).toBe('http')
    expect(createSmsProvider({ env: 'development', demoMode: false, sms: { kind: 'dev' } }).name).toBe('dev')
    expect(() => createSmsProvider({ env: 'production', demoMode: false, sms: { kind: 'dev' } })).toThrow(
      /DEMO_MODE=1/,
    )
    expect(createSmsProvider({ env: 'production', demoMode: true, sms: { kind: 'dev' } }).name).toBe('dev')
    expect(() => assertDevOutboxAllowed({ env: 'production', demoMode: false })).toThrow('Not found')
    expect(() => assertDevOutboxAllowed({ env: 'production', demoMode: true })).not.toThrow()
  })
})

describe('the captcha verifier', () => {
  it('passes everything without a secret (development)', async () => {
    expect(
      await createCaptchaVerifier({ secret: '' }).verify({
        token: undefined,
        action: 'login',
        ip: '1.2.3.4',
      }),
    ).toBe(true)
  })

  it('asks the provider and checks success, action and score', async () => {
    const provider = await fakeServer([
      { status: 200, body: { success: true, action: 'login', score: 0.9 } },
      { status: 200, body: { success: true, action: 'checkout', score: 0.9 } },
      { status: 200, body: { success: true, action: 'login', score: 0.1 } },
      { status: 200, body: { success: false } },
    ])
    try {
      const verifier = createCaptchaVerifier({ secret: 's3cret', verifyUrl: provider.url })
      const check = () => verifier.verify({ token: 'tok', action: 'login', ip: '1.2.3.4' })
      expect([await check(), await check(), await check(), await check()]).toEqual([
        true,
        false,
        false,
        false,
      ])
      expect(new URLSearchParams(provider.received[0]!.body).get('secret')).toBe('s3cret')
      expect(await verifier.verify({ token: undefined, action: 'login', ip: '1.2.3.4' })).toBe(false)
    } finally {
      await provider.close()
    }
  })
})

describe(`message delivery through the job queue (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock('2026-11-20T08:00:00Z'))
  afterEach(() => setSmsProviderForTesting(null))

  const flaky = (failures: number): SmsProvider & { calls: number } => {
    const provider = {
      name: 'flaky-gateway',
      calls: 0,
      async send() {
        provider.calls++
        if (provider.calls <= failures) throw new Error(`gateway down (${provider.calls})`)
        return { providerMessageId: `ok-${provider.calls}` }
      },
    }
    return provider
  }

  it('writes dev messages to the outbox, listed newest first for /dev/outbox', async () => {
    const to = uniquePhone()
    await db.transaction(async (tx) => {
      await queueMessage(tx, { to, channel: 'sms', body: 'first' })
      await queueMessage(tx, { to, channel: 'whatsapp', body: 'second' })
    })
    await runDueJobs()
    const listed = await listOutboxMessages(db, { to })
    expect(listed.map((m) => [m.body, m.channel, m.status])).toEqual([
      ['second', 'whatsapp', 'sent'],
      ['first', 'sms', 'sent'],
    ])
  })

  it('queues nothing when the business transaction rolls back', async () => {
    const to = uniquePhone()
    const jobsBefore = (await allJobs()).length
    await db
      .transaction(async (tx) => {
        await queueMessage(tx, { to, channel: 'sms', body: 'never' })
        throw new Error('business rule failed')
      })
      .catch(() => undefined)
    expect(await listOutboxMessages(db, { to })).toEqual([])
    expect((await allJobs()).length).toBe(jobsBefore) // and no delivery job either
  })

  it('retries a failing gateway with backoff, then delivers and redacts the code', async () => {
    const gateway = flaky(2)
    setSmsProviderForTesting(gateway)
    const to = uniquePhone()
    const id = await db.transaction((tx) =>
      queueMessage(tx, { to, channel: 'sms', body: 'Code: 123456', sensitive: true }),
    )

    // pg-boss's backoff: the n-th retry waits 5 s x 2^(n-1), plus up to as much again of jitter.
    expect(await runDueJobs()).toEqual({ completed: 0, retried: 1, failed: 0 })
    expect(await runDueJobs()).toEqual({ completed: 0, retried: 0, failed: 0 })
    advanceClock(4_900)
    expect(await runDueJobs()).toEqual({ completed: 0, retried: 0, failed: 0 }) // not due before 5 s
    advanceClock(5_100)
    expect(await runDueJobs()).toEqual({ completed: 0, retried: 1, failed: 0 }) // due by 10 s
    advanceClock(9_900)
    expect(await runDueJobs()).toEqual({ completed: 0, retried: 0, failed: 0 }) // backoff doubled to 10 s
    advanceClock(10_100)
    expect(await runDueJobs()).toEqual({ completed: 1, retried: 0, failed: 0 }) // due by 20 s

    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
    expect(message).toMatchObject({
      status: 'sent',
      attempts: 3,
      provider: 'flaky-gateway',
      providerMessageId: 'ok-3',
      body: '[redacted after delivery]',
    })
  })

  it('gives up after five attempts and marks the message failed', async () => {
    setSmsProviderForTesting(flaky(99))
    const to = uniquePhone()
    const id = await db.transaction((tx) => queueMessage(tx, { to, channel: 'sms', body: 'x' }))
    let failed = 0
    for (let i = 0; i < 8; i++) {
      failed += (await runDueJobs()).failed
      advanceClock(10 * 60_000)
    }
    expect(failed).toBe(1)
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
    expect(message).toMatchObject({ status: 'failed', attempts: 5, lastError: 'gateway down (5)' })
    // The job itself goes to the dead-letter queue with its last error, for an admin to look at.
    const dead = (await deadLetters()).filter((job) => (job.data as { outboxId?: number }).outboxId === id)
    expect(dead).toMatchObject([
      { sourceName: 'message.deliver', sourceRetryCount: 4, sourceOutput: { message: 'gateway down (5)' } },
    ])
  })

  it('claims a job once even when a worker died holding it', async () => {
    setSmsProviderForTesting(flaky(0))
    const to = uniquePhone()
    const id = await db.transaction((tx) => queueMessage(tx, { to, channel: 'sms', body: 'y' }))
    // A worker took the job and vanished (kill -9): no heartbeat comes any more. The job is taken
    // back once 30 s pass without one, long before its 3-minute expiry.
    const taken = await claimAndVanish('message.deliver')
    expect(taken).toBeDefined()
    advanceClock(20_000)
    expect(await runDueJobs()).toEqual({ completed: 0, retried: 0, failed: 0 }) // still presumed running
    advanceClock(11_000)
    expect((await runDueJobs()).completed).toBe(0) // heartbeat lost: retried after the backoff
    expect((await jobsNamed('message.deliver')).find((job) => job.id === taken!.id)).toMatchObject({
      state: 'retry',
      output: { value: { message: 'job heartbeat timeout' } },
    })
    advanceClock(10_000)
    expect((await runDueJobs()).completed).toBe(1)
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
    expect(message!.status).toBe('sent')
    expect((await runDueJobs()).completed).toBe(0)
  })

  it('leaves a slow job with its worker while the worker still beats', async () => {
    setSmsProviderForTesting(flaky(0))
    await db.transaction((tx) => queueMessage(tx, { to: uniquePhone(), channel: 'sms', body: 'z' }))
    const taken = await claimAndVanish('message.deliver')
    for (let beat = 0; beat < 4; beat++) {
      advanceClock(15_000)
      await heartbeat('message.deliver', taken!.id)
    }
    // A minute on, the job is still its worker's: nobody else runs the message meanwhile.
    expect(await runDueJobs()).toEqual({ completed: 0, retried: 0, failed: 0 })
    expect((await jobsNamed('message.deliver')).find((job) => job.id === taken!.id)?.state).toBe('active')
  })
})
