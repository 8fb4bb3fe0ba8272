import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { completeDeliveredOrders } from '~/features/orders/order-completion.server'
import { and, eq } from 'drizzle-orm'
import { systemNoteText } from '~/features/orders/order-event-notes'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { loadDetail } from '~/features/orders/orders-read.server'
import { orderEvents, orders } from '~/server/db/schema'
import { inLocale } from '~/server/log.server'
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
    // A code, worded where it is read (issue #22).
    expect(last.note).toBe('auto_completed')

    expect(await completeDeliveredOrders(db)).toBe(0)
  })

  it("words the system's notes in the reader's language, rows stored in English before too", async () => {
    const order = await deliveredOrder()
    setClock(start + days(8))
    await completeDeliveredOrders(db)
    // An order from before the notes were codes: its English sentences are read as the codes.
    const old = await deliveredOrder()
    await db
      .update(orderEvents)
      .set({ note: 'Tipax, tracking TPX-1001' })
      .where(and(eq(orderEvents.orderId, old.id), eq(orderEvents.toStatus, 'shipped')))
    await db.insert(orderEvents).values([
      {
        orderId: old.id,
        fromStatus: 'delivered',
        toStatus: 'completed',
        actorKind: 'system',
        note: 'Completed automatically 5 days after delivery',
      },
    ])
    const timeline = (id: number, locale: 'fa' | 'en') =>
      inLocale(locale, async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, id))
        const detail = await loadDetail(db, row!, 'admin')
        return detail.timeline
          .filter((e) => e.to_status === 'shipped' || e.to_status === 'completed')
          .map((e) => [e.to_status, e.note, e.system_note && systemNoteText(e.system_note)])
      })
    const fa = [
      ['shipped', '', 'Tipax، کد رهگیری TPX-1001'],
      ['completed', '', '۷ روز پس از تحویل، خودکار تکمیل شد'],
    ]
    const en = [
      ['shipped', '', 'Tipax, tracking TPX-1001'],
      ['completed', '', 'Completed automatically 7 days after delivery'],
    ]
    expect(await timeline(order.id, 'fa')).toEqual(fa)
    expect(await timeline(order.id, 'en')).toEqual(en)
    expect(await timeline(old.id, 'fa')).toEqual([
      fa[0],
      ['completed', '', '۵ روز پس از تحویل، خودکار تکمیل شد'],
    ])
    expect(await timeline(old.id, 'en')).toEqual([
      en[0],
      ['completed', '', 'Completed automatically 5 days after delivery'],
    ])
  })

  it('keeps what a person wrote on a move as typed', async () => {
    const order = await createPendingOrder(db)
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId: order.id,
        to: 'cancelled',
        actor: { kind: 'buyer', userId: null },
        note: 'Not paid within 30 minutes',
      }),
    )
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
    const cancelled = (await inLocale('fa', () => loadDetail(db, row!, 'admin'))).timeline.at(-1)!
    expect(cancelled).toMatchObject({ note: 'Not paid within 30 minutes', system_note: null })
  })

  it('does not touch orders in other states', async () => {
    const pending = await createPendingOrder(db)
    setClock(start + days(30))
    await completeDeliveredOrders(db)
    expect((await orderSnapshot(db, pending.id)).order?.status).toBe('pending_payment')
  })
})
