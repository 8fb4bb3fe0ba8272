import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refundOrderPayment } from '~/features/payments/payment-refunds.server'
import type { Db } from '~/server/db/client.server'
import { paymentSessions } from '~/server/db/schema'
import { allJobs, jobsNamed, makeJobsDue, runDueJobs } from '../support/jobs'
import type { PaymentProvider } from '~/server/providers/payment/payment.server'
import { setPaymentProviderForTesting } from '~/server/providers/payment/payment-provider.server'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'

/** A provider that records refunds and can be told to fail the next one. */
function recordingProvider() {
  const refunds: { providerReference: string; amount: number; paidAmount: number; refundId: string }[] =
    []
  let failNext = false
  const provider: PaymentProvider = {
    name: 'sandbox',
    supportsSplit: false,
    createSession: async () => ({ redirectUrl: '/payment/x', providerReference: 'unused' }),
    verifyCallback: async () => {
      throw new Error('not used')
    },
    refund: async (input) => {
      if (failNext) {
        failNext = false
        throw new Error('bank unavailable')
      }
      refunds.push(input)
      return { kind: 'refunded', refundReference: `R-${refunds.length}` }
    },
  }
  return { provider, refunds, failOnce: () => (failNext = true) }
}

describe(`refundOrderPayment (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  const bank = recordingProvider()

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    setPaymentProviderForTesting(bank.provider)
  })
  afterAll(async () => {
    setPaymentProviderForTesting(null)
    await closeAuthTestDatabase()
  })

  async function paidSession(orderId: number, amount: number, id: string) {
    await db.insert(paymentSessions).values({
      id,
      orderId,
      provider: 'sandbox',
      amount,
      currency: 'IRR',
      status: 'succeeded',
      providerReference: `SB-${id}`,
      expiresAt: new Date(Date.now() + 60_000),
      completedAt: new Date(),
    })
  }

  it('records the refund in the transaction and the job returns the money through the provider once', async () => {
    const order = await createPendingOrder(db)
    await paidSession(order.id, order.total, 'refund-session-1')
    await db.transaction((tx) => refundOrderPayment(tx, order.id, 'rejected by seller'))

    const [recorded] = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, 'refund-session-1'))
    expect(recorded).toMatchObject({ refundedAmount: order.total, refundedAt: null, refundReference: null })
    expect(bank.refunds).toHaveLength(0) // nothing left the machine inside the transaction

    // A second call (e.g. cancel after reject was retried) records nothing more.
    await db.transaction((tx) => refundOrderPayment(tx, order.id, 'again'))
    const queued = await jobsNamed('payment.refund')
    expect(queued).toHaveLength(1)

    await runDueJobs()
    expect(bank.refunds).toEqual([
      {
        providerReference: 'SB-refund-session-1',
        amount: order.total,
        paidAmount: order.total,
        refundId: 'refund-session-1',
      },
    ])
    const [done] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, 'refund-session-1'))
    expect(done!.refundReference).toBe('R-1')
    expect(done!.refundedAt).toBeInstanceOf(Date)
  })

  it('returns no money when the change that asked for the refund rolls back', async () => {
    const order = await createPendingOrder(db)
    await paidSession(order.id, order.total, 'refund-session-rollback')
    const jobsBefore = (await allJobs()).length
    await db
      .transaction(async (tx) => {
        await refundOrderPayment(tx, order.id, 'cancelled by buyer')
        throw new Error('the cancellation failed after the refund was recorded')
      })
      .catch(() => undefined)

    // Neither the refund nor its job exists, so no worker will ever return this money.
    expect(await allJobs()).toHaveLength(jobsBefore)
    await runDueJobs()
    expect(bank.refunds.filter((r) => r.refundId === 'refund-session-rollback')).toEqual([])
    const [session] = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, 'refund-session-rollback'))
    expect(session).toMatchObject({ refundedAmount: 0, refundedAt: null })

    // The same refund asked for again, in a transaction that commits, is paid once.
    await db.transaction((tx) => refundOrderPayment(tx, order.id, 'cancelled by buyer'))
    await runDueJobs()
    expect(bank.refunds.filter((r) => r.refundId === 'refund-session-rollback')).toHaveLength(1)
  })

  it('is a no-op for an order without a succeeded payment', async () => {
    const order = await createPendingOrder(db)
    await db.insert(paymentSessions).values({
      id: 'refund-session-failed',
      orderId: order.id,
      provider: 'sandbox',
      amount: order.total,
      currency: 'IRR',
      status: 'failed',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const before = (await allJobs()).length
    await db.transaction((tx) => refundOrderPayment(tx, order.id, 'cancelled'))
    expect((await allJobs()).length).toBe(before)
    const [row] = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, 'refund-session-failed'))
    expect(row!.refundedAmount).toBe(0)
  })

  it('retries the provider call when it fails, without refunding twice', async () => {
    const order = await createPendingOrder(db)
    await paidSession(order.id, order.total, 'refund-session-2')
    await db.transaction((tx) => refundOrderPayment(tx, order.id, 'cancelled by buyer'))
    bank.failOnce()
    const first = await runDueJobs()
    expect(first).toMatchObject({ retried: 1, completed: 0 })
    const [pending] = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, 'refund-session-2'))
    expect(pending!.refundedAt).toBeNull()

    await makeJobsDue('payment.refund')
    await runDueJobs()
    const refundsOfThis = bank.refunds.filter((r) => r.refundId === 'refund-session-2')
    expect(refundsOfThis).toHaveLength(1)
  })
})
