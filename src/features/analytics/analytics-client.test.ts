import { describe, expect, it } from 'vitest'
import { createAnalyticsClient } from './analytics-client'

function setup(maxBatch = 3) {
  const sent: Array<{
    body: { visitId: string; events: Array<{ name: string; path: string }> }
    leaving: boolean
  }> = []
  const timers: Array<() => void> = []
  const client = createAnalyticsClient({
    visitId: 'visit-12345678',
    now: () => 1_700_000_000_000,
    currentPath: () => '/product',
    maxBatch,
    schedule: (fn) => timers.push(fn),
    send: (body, leaving) => sent.push({ body: JSON.parse(body), leaving }),
  })
  return { client, sent, timers }
}

describe('analytics client', () => {
  it('holds events until the flush timer fires, then sends them in one batch', () => {
    const { client, sent, timers } = setup()
    client.track('page_view')
    client.track('cart_viewed', { items: 2 })
    expect(sent).toHaveLength(0)
    expect(timers).toHaveLength(1)
    timers[0]!()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body.visitId).toBe('visit-12345678')
    expect(sent[0]!.body.events.map((e) => e.name)).toEqual(['page_view', 'cart_viewed'])
    expect(sent[0]!.body.events[0]!.path).toBe('/product')
  })

  it('sends as soon as a batch is full, never more than the batch size at once', () => {
    const { client, sent } = setup(2)
    client.track('page_view')
    client.track('route_change')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body.events).toHaveLength(2)
  })

  it('sends what is left when the page goes away, marked as leaving', () => {
    const { client, sent } = setup()
    client.track('cart_item_added', { sku: 'TEA-1' })
    client.flush(true)
    expect(sent).toEqual([
      {
        body: expect.objectContaining({ events: [expect.objectContaining({ name: 'cart_item_added' })] }),
        leaving: true,
      },
    ])
    expect(client.pending()).toBe(0)
  })

  it('never lets a failing transport break the page', () => {
    const client = createAnalyticsClient({
      visitId: 'visit-12345678',
      now: () => 0,
      currentPath: () => '/',
      maxBatch: 1,
      send: () => {
        throw new Error('offline')
      },
    })
    expect(() => client.track('page_view')).not.toThrow()
  })
})
