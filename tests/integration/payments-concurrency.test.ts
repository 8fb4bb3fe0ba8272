import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expireUnpaid, startPayment } from '~/features/payments/payments.server'
import { decideSandboxPayment } from '~/features/payments/sandbox-bank.server'
import { minutes, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { orderEvents } from '~/server/db/schema'
import { setPaymentProviderForTesting } from '~/server/providers/payment/payment-provider.server'
import { createSku } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { callCallback, orderState, sessionIdFromUrl, signedInBuyer, stockOf } from './payments-fixtures'

/**
 * Races that only a server with real concurrent connections can show (PGlite runs one statement at
 * a time): the same callback arriving twice at once, and two app instances sweeping expiries.
 */
describe.skipIf(!usingPostgres())('payments under concurrency (PostgreSQL)', () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    setPaymentProviderForTesting(null)
  })
  afterAll(closeAuthTestDatabase)

  it('the same approval delivered five times at once pays the order once', async () => {
    setClock(null)
    const auth = await signedInBuyer(db)
    const order = await createPendingOrder(db, { buyer: { id: auth.user.id } })
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const { url: approval } = await decideSandboxPayment(db, sessionIdFromUrl(url), { decision: 'approve' })
    const results = await Promise.all(Array.from({ length: 5 }, () => callCallback(approval)))
    expect(results.map((r) => r.result?.status)).toEqual(Array(5).fill('success'))
    const state = await orderState(db, order.id)
    expect(state.order.status).toBe('paid')
    expect(state.events.filter((e) => e.toStatus === 'paid')).toHaveLength(1)
    expect(state.invoices).toHaveLength(1)
  })

  it('approval racing the expiry sweep: the order ends either paid or expired-and-refunded, never both', async () => {
    const start = new Date('2026-04-01T08:00:00Z')
    setClock(start)
    const auth = await signedInBuyer(db)
    const sku = await createSku(db, { remainingQuantity: 10 })
    const order = await createPendingOrder(db, { buyer: { id: auth.user.id }, lines: [{ sku, quantity: 4 }] })
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const { url: approval } = await decideSandboxPayment(db, sessionIdFromUrl(url), { decision: 'approve' })
    setClock(new Date(start.getTime() + minutes(31)))
    await Promise.all([callCallback(approval), expireUnpaid(db)])
    const state = await orderState(db, order.id)
    const [session] = state.sessions
    if (state.order.status === 'paid') {
      expect(session!.refundedAmount).toBe(0)
      expect(await stockOf(db, sku.id)).toBe(6)
    } else {
      expect(state.order.status).toBe('expired')
      expect(session).toMatchObject({ status: 'succeeded', refundedAmount: order.total })
      expect(await stockOf(db, sku.id)).toBe(10)
    }
    setClock(null)
  })

  it('two instances sweeping at once expire each order once and give its stock back once', async () => {
    const start = new Date('2026-04-02T08:00:00Z')
    setClock(start)
    const sku = await createSku(db, { remainingQuantity: 50 })
    const created = []
    for (let i = 0; i < 8; i++) created.push(await createPendingOrder(db, { lines: [{ sku, quantity: 2 }] }))
    expect(await stockOf(db, sku.id)).toBe(34)
    setClock(new Date(start.getTime() + minutes(30)))
    const [a, b] = await Promise.all([expireUnpaid(db), expireUnpaid(db)])
    expect(a.orders + b.orders).toBeGreaterThanOrEqual(8)
    expect(await stockOf(db, sku.id)).toBe(50)
    for (const order of created) {
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
      expect(events.filter((e) => e.toStatus === 'expired')).toHaveLength(1)
    }
    setClock(null)
  })
})
