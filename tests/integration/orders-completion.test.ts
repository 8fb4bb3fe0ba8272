import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { completeDeliveredOrders } from '~/features/orders/order-completion.server'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { days, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { createPendingOrder } from '../factories/orders'
import { createTestDatabase, usingPostgres } from '../support/test-database'
import { eventsOf, orderSnapshot } from './order-core-fixtures'

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  const handle = await createTestDatabase()
  db = handle.db
  close = handle.close
})
afterAll(async () => {
  setClock(null)
  await close()
})

const start = Date.parse('2026-03-02T09:00:00Z')
beforeEach(() => setClock(start))

/** A new order moved along the machine to `delivered` at the pinned time. */
async function deliveredOrder() {
  const order = await createPendingOrder(db)
  const steps = [
    ['paid', { kind: 'system' }],
    ['accepted', { kind: 'admin' }],
    ['shipped', { kind: 'admin' }],
    ['delivered', { kind: 'admin' }],
  ] as const
  for (const [to, actor] of steps)
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId: order.id,
        to,
        actor: { kind: actor.kind, userId: null },
        shipping: to === 'shipped' ? { carrier: 'Tipax', trackingNumber: 'TPX-1001' } : undefined,
      }),
    )
  return order
}

describe(`delivered orders complete by themselves (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('leaves an order delivered less than 7 days ago, completes it after 7 days, once', async () => {
    const order = await deliveredOrder()

    setClock(start + days(7) - 60_000)
    expect(await completeDeliveredOrders(db)).toBe(0)
    expect((await orderSnapshot(db, order.id)).order?.status).toBe('delivered')

    setClock(start + days(7) + 60_000)
    expect(await completeDeliveredOrders(db)).toBe(1)
    expect((await orderSnapshot(db, order.id)).order?.status).toBe('completed')
    const last = (await eventsOf(db, order.id)).at(-1)!
    expect(last).toMatchObject({ from: 'delivered', to: 'completed', actorKind: 'system' })
    expect(last.note).toContain('7 days after delivery')

    expect(await completeDeliveredOrders(db)).toBe(0)
  })

  it('does not touch orders in other states', async () => {
    const pending = await createPendingOrder(db)
    setClock(start + days(30))
    await completeDeliveredOrders(db)
    expect((await orderSnapshot(db, pending.id)).order?.status).toBe('pending_payment')
  })
})
