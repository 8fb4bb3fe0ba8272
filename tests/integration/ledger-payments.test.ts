import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformTotals, sellerBalances } from '~/features/ledger/index.server'
import { decideSandboxPayment } from '~/features/payments/sandbox-bank.server'
import { expireUnpaid, startPayment } from '~/features/payments/payments.server'
import { setClock } from '~/server/clock.server'
import { choosePlan } from '~/features/plans/plan-checkout.server'
import type { Db } from '~/server/db/client.server'
import { ledgerEntries, paymentSessions, platformPurchases } from '~/server/db/schema'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { callCallback, sessionIdFromUrl, signedInBuyer } from './payments-fixtures'
import { authOf } from './tickets-fixtures'
import { ledgerTotal, moveOrder, unbalancedEntries } from './ledger-fixtures'

describe(`the ledger behind the bank's callbacks (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)

  const entriesFor = (type: string, id: number) =>
    db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.referenceType, type), eq(ledgerEntries.referenceId, String(id))))

  it('an order paid at the bank is one entry; a replayed callback writes nothing more; a cancellation reverses it', async () => {
    const auth = await signedInBuyer(db)
    const seller = await createSeller(db)
    const sku = await createSku(db, {
      store: await createStore(db, { seller }),
      tiers: [{ unitPrice: 250_000 }],
    })
    const order = await createPendingOrder(db, {
      buyer: { id: auth.user.id },
      seller,
      lines: [{ sku, quantity: 4 }],
    })
    const before = await platformTotals(db)

    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const { url: callbackUrl } = await decideSandboxPayment(db, sessionIdFromUrl(url), {
      decision: 'approve',
    })
    expect((await callCallback(callbackUrl)).result).toMatchObject({ status: 'success' })
    expect((await callCallback(callbackUrl)).result).toMatchObject({ status: 'success' })

    expect(await entriesFor('order', order.id)).toEqual([{ kind: 'order_paid' }])
    expect((await platformTotals(db)).gateway_clearing - before.gateway_clearing).toBe(order.total)
    // 1,000,000 of goods at 5 %: 50,000 commission and 5,000 VAT on it.
    expect((await sellerBalances(db, seller.id)).pending).toBe(order.total - 55_000)

    await moveOrder(db, order.id, ['cancelled'])
    expect(await entriesFor('order', order.id)).toEqual([{ kind: 'order_paid' }, { kind: 'order_refund' }])
    expect((await sellerBalances(db, seller.id)).pending).toBe(0)
    expect((await platformTotals(db)).gateway_clearing).toBe(before.gateway_clearing)
  })

  it('money paid twice for one order, or after the order closed, is recorded received and returned, against its session', async () => {
    const auth = await signedInBuyer(db)
    const seller = await createSeller(db)
    const sku = await createSku(db, {
      store: await createStore(db, { seller }),
      tiers: [{ unitPrice: 100_000 }],
    })
    const order = await createPendingOrder(db, {
      buyer: { id: auth.user.id },
      seller,
      lines: [{ sku, quantity: 2 }],
    })
    const before = await platformTotals(db)

    // Two sessions of the order, both approved at the bank: the first pays the order.
    const first = sessionIdFromUrl((await startPayment(db, auth, { orderNumber: order.number })).url)
    const second = `${first.slice(0, 20)}second-order-session`
    await db.insert(paymentSessions).values({
      id: second,
      orderId: order.id,
      provider: 'sandbox',
      amount: order.total,
      currency: 'IRR',
      providerReference: `ref-${second}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    const { url: firstApproval } = await decideSandboxPayment(db, first, { decision: 'approve' })
    const { url: secondApproval } = await decideSandboxPayment(db, second, { decision: 'approve' })
    await callCallback(firstApproval)
    expect((await callCallback(secondApproval)).result).toMatchObject({ reason: 'duplicate_payment' })
    await callCallback(secondApproval) // a replay writes nothing more

    const sessionEntries = await db
      .select({ kind: ledgerEntries.kind, memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.referenceType, 'payment_session'), eq(ledgerEntries.referenceId, second)))
      .orderBy(ledgerEntries.id)
    expect(sessionEntries).toEqual([
      { kind: 'payment_unapplied', memo: 'duplicate_payment' },
      { kind: 'payment_returned', memo: 'duplicate_payment' },
    ])
    expect(await entriesFor('order', order.id)).toEqual([{ kind: 'order_paid' }])
    const after = await platformTotals(db)
    // Clearing holds the order's money once; the second payment went in and out again.
    expect(after.gateway_clearing - before.gateway_clearing).toBe(order.total)
    expect(after.refunds_payable).toBe(before.refunds_payable)

    // An order that expired before its money came back: nothing for the order, the session's money
    // received and returned.
    const start = new Date('2026-03-03T10:00:00Z')
    setClock(start)
    const late = await createPendingOrder(db, {
      buyer: { id: auth.user.id },
      seller,
      lines: [{ sku, quantity: 1 }],
    })
    const lateSession = sessionIdFromUrl((await startPayment(db, auth, { orderNumber: late.number })).url)
    const { url: lateApproval } = await decideSandboxPayment(db, lateSession, { decision: 'approve' })
    setClock(new Date(start.getTime() + 31 * 60_000))
    await expireUnpaid(db)
    expect((await callCallback(lateApproval)).result).toMatchObject({ reason: 'order_closed' })
    setClock(null)
    expect(await entriesFor('order', late.id)).toEqual([])
    const lateEntries = await db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.referenceType, 'payment_session'), eq(ledgerEntries.referenceId, lateSession)),
      )
      .orderBy(ledgerEntries.id)
    expect(lateEntries).toEqual([{ kind: 'payment_unapplied' }, { kind: 'payment_returned' }])
    expect((await platformTotals(db)).gateway_clearing - before.gateway_clearing).toBe(order.total)
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await ledgerTotal(db)).toBe(0)
  })

  it('a plan bought at the bank is platform sales, once', async () => {
    const user = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: user, planCode: 'free' })
    const auth = await authOf(db, user.id)
    const before = await platformTotals(db)
    const started = await choosePlan(db, auth, { plan: 'pro', cycle: 'monthly' })
    if (!('url' in started)) throw new Error('expected a payment')
    const { url } = await decideSandboxPayment(db, sessionIdFromUrl(started.url), { decision: 'approve' })
    await callCallback(url)
    await callCallback(url)
    const [purchase] = await db.select().from(platformPurchases).where(eq(platformPurchases.userId, user.id))
    expect(purchase?.status).toBe('paid')
    expect(await entriesFor('platform_purchase', purchase!.id)).toEqual([{ kind: 'platform_purchase_paid' }])
    const after = await platformTotals(db)
    expect(after.platform_sales - before.platform_sales).toBe(-purchase!.amount)
    expect(after.gateway_clearing - before.gateway_clearing).toBe(purchase!.amount)
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await ledgerTotal(db)).toBe(0)
  })
})
