import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { analyticsPerClient } from '~/features/analytics/analytics.server'
import { Route } from '~/routes/api/analytics/events'
import type { DatabaseHandle } from '~/server/db/client.server'
import { setDatabaseForTesting } from '~/server/db/database.server'
import { analyticsEvents } from '~/server/db/schema'
import { createTestDatabase } from '../support/test-database'

type Handler = (ctx: { request: Request }) => Promise<Response>
const post = (Route.options as unknown as { server: { handlers: { POST: Handler } } }).server.handlers.POST

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  setDatabaseForTesting(handle)
})
afterAll(() => handle.close())
beforeEach(() => handle.db.delete(analyticsEvents))

let clients = 0
/** Each test sends from an address of its own (the server's socket address), unless told. */
let client = ''
beforeEach(() => {
  client = `10.77.0.${++clients}`
})

const send = (body: unknown, headers: Record<string, string> = {}, from = client) =>
  post({
    request: Object.assign(
      new Request('http://localhost/api/analytics/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'test-agent', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
      { ip: from },
    ),
  })

const event = (name: string, path = '/product') => ({ name, path, occurredAt: Date.now(), props: {} })

describe('POST /api/analytics/events', () => {
  it('stores a valid batch and answers 202', async () => {
    const response = await send({
      visitId: 'visit-abcdef12',
      events: [event('page_view'), event('cart_item_added')],
    })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ stored: 2 })
    const rows = await handle.db.select().from(analyticsEvents)
    expect(rows.map((r) => r.name).sort()).toEqual(['cart_item_added', 'page_view'])
    expect(rows[0]).toMatchObject({ visitId: 'visit-abcdef12', path: '/product', userAgent: 'test-agent' })
  })

  it('refuses unknown event names with a 422 naming the field, storing nothing', async () => {
    const response = await send({
      visitId: 'visit-abcdef12',
      events: [event('page_view'), event('drop_table')],
    })
    expect(response.status).toBe(422)
    const body = await response.json()
    expect(Object.keys(body.errors)).toContain('events.1.name')
    expect(await handle.db.select().from(analyticsEvents)).toHaveLength(0)
  })

  it('caps the batch size', async () => {
    const events = Array.from({ length: 51 }, () => event('page_view'))
    expect((await send({ visitId: 'visit-abcdef12', events })).status).toBe(422)
  })

  it('refuses a body over the size limit, malformed JSON and non-JSON types', async () => {
    const huge = {
      visitId: 'visit-abcdef12',
      events: [{ ...event('page_view'), props: { x: 'a'.repeat(70_000) } }],
    }
    expect((await send(huge)).status).toBe(413)
    expect((await send('{not json')).status).toBe(400)
    expect((await send('a=b', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415)
  })

  it('replaces a wildly wrong client clock with the time of receipt', async () => {
    await send({ visitId: 'visit-abcdef12', events: [{ ...event('page_view'), occurredAt: 0 }] })
    const [row] = await handle.db.select().from(analyticsEvents)
    expect(Math.abs(row!.occurredAt.getTime() - Date.now())).toBeLessThan(60_000)
  })

  // Issue #13 §4: one client used to store 100 of 100 batches sent at once.
  it('takes 300 batches from one client in ten minutes, then answers 429 and stores nothing', async () => {
    expect(analyticsPerClient.limit).toBe(300)
    const batch = { visitId: 'visit-flooding', events: [event('page_view')] }
    const statuses = await Promise.all(Array.from({ length: 310 }, () => send(batch).then((r) => r.status)))
    expect(statuses.filter((s) => s === 202)).toHaveLength(300)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    expect(await handle.db.$count(analyticsEvents)).toBe(300)
    const limited = await send(batch)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500)
    // Another client is not affected.
    expect((await send(batch, {}, '10.78.0.1')).status).toBe(202)
  }, 60_000) // 311 requests: on a busy machine this passes 20 s
})
