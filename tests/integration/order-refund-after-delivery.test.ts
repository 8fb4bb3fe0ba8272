import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postPayoutCreated, postPayoutPaid, sellerBalances } from '~/features/ledger/index.server'
import { refundDeliveredOrder } from '~/features/orders/order-refunds.server'
import { decideSandboxPayment } from '~/features/payments/sandbox-bank.server'
import { startPayment } from '~/features/payments/payments.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, paymentSessions } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { ledgerTotal, moveOrder, unbalancedEntries } from './ledger-fixtures'
import { callCallback, sessionIdFromUrl, signedInBuyer } from './payments-fixtures'
import { authOf } from './tickets-fixtures'

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
}

describe(`an operator refunds a delivered order (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)

  /** An order of 1,000,000 rials of goods paid at the sandbox bank. */
  async function paidOrder() {
    const buyer = await signedInBuyer(db)
    const seller = await createSeller(db)
    const sku = await createSku(db, {
      store: await createStore(db, { seller }),
      tiers: [{ unitPrice: 250_000 }],
    })
    const order = await createPendingOrder(db, {
      buyer: { id: buyer.user.id },
      seller,
      lines: [{ sku, quantity: 4 }],
    })
    const { url } = await startPayment(db, buyer, { orderNumber: order.number })
    const { url: callback } = await decideSandboxPayment(db, sessionIdFromUrl(url), { decision: 'approve' })
    await callCallback(callback)
    return { buyer, seller, order }
  }

  it('after a payout, the refund leaves the seller owing the platform; it is audited and happens once', async () => {
    const admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
    const { buyer, seller, order } = await paidOrder()
    // Not delivered yet: cancel or reject instead.
    expect(
      await statusOf(() =>
        refundDeliveredOrder(db, admin, { order_id: order.id, amount: 1000, reason: 'Damaged' }),
      ),
    ).toBe(409)
    await moveOrder(db, order.id, ['accepted', 'shipped', 'delivered', 'completed'])
    const share = (await sellerBalances(db, seller.id)).available
    expect(share).toBe(order.total - 55_000) // 5 % commission on 1,000,000 and 10 % VAT on it
    await db.transaction(async (tx) => {
      await postPayoutCreated(tx, { payoutId: `test-${order.id}`, sellerId: seller.id, amount: share })
      await postPayoutPaid(tx, { payoutId: `test-${order.id}`, sellerId: seller.id })
    })

    // Only an admin; never more than was paid.
    expect(
      await statusOf(() =>
        refundDeliveredOrder(db, buyer, { order_id: order.id, amount: 1000, reason: 'Mine' }),
      ),
    ).toBe(403)
    expect(
      await statusOf(() =>
        refundDeliveredOrder(db, admin, { order_id: order.id, amount: order.total + 1, reason: 'Too much' }),
      ),
    ).toBe(422)

    // Half of the goods came broken: half of what was paid goes back.
    const half = order.total / 2
    await refundDeliveredOrder(db, admin, {
      order_id: order.id,
      amount: half,
      reason: 'Half the cartons came broken',
    })
    const after = await sellerBalances(db, seller.id)
    // The seller's half of the net share, commission and VAT given back in proportion.
    expect(after.available).toBe(-(share / 2))
    expect(after.negative).toBe(share / 2)
    expect(after.paidOut).toBe(share)
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id))
    expect(session).toMatchObject({ refundedAmount: half, refundedAt: null })
    const audit = await db
      .select({ action: auditEvents.action, reason: auditEvents.reason })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.recordType, 'order'),
          eq(auditEvents.recordId, String(order.id)),
          eq(auditEvents.action, 'order.refund'),
        ),
      )
    expect(audit).toEqual([{ action: 'order.refund', reason: 'Half the cartons came broken' }])

    // Once per order.
    expect(
      await statusOf(() =>
        refundDeliveredOrder(db, admin, { order_id: order.id, amount: 1000, reason: 'Again' }),
      ),
    ).toBe(409)
    expect((await sellerBalances(db, seller.id)).available).toBe(-(share / 2))
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await ledgerTotal(db)).toBe(0)
  })
})
