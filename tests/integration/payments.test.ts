import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { expireUnpaid, loadCheckoutResult, startPayment } from '~/features/payments/payments.server'
import { systemNoteText } from '~/features/orders/order-event-notes'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { getBuyerOrder } from '~/features/orders/orders-read.server'
import { paymentReasonShortLabel } from '~/features/payments/payments.schemas'
import { decideSandboxPayment, loadSandboxSession } from '~/features/payments/sandbox-bank.server'
import type { AuthContext } from '~/server/auth/session.server'
import { minutes, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { paymentSessions } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { inLocale } from '~/server/log.server'
import { jobsNamed, makeJobsDue, runDueJobs } from '../support/jobs'
import { setPaymentProviderForTesting } from '~/server/providers/payment/payment-provider.server'
import { signSandboxOutcome } from '~/server/providers/payment/sandbox-bank.server'
import { serverConfig } from '~/server/config.server'
import { createSeller, createSku, createStore } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import {
  callCallback,
  eventsNamed,
  orderState,
  sessionIdFromUrl,
  signedInBuyer,
  stockOf,
} from './payments-fixtures'

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
}

describe(`payments through the sandbox bank (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    setPaymentProviderForTesting(null)
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock(null))

  /** A buyer with an order of 3 units from a SKU that had 10 in stock (7 left while reserved). */
  async function buyerWithOrder() {
    const auth = await signedInBuyer(db)
    const seller = await createSeller(db, {
      displayName: `Pars Wholesale ${Math.random().toString(36).slice(2, 6)}`,
    })
    const store = await createStore(db, { seller })
    const sku = await createSku(db, { store, remainingQuantity: 10, tiers: [{ unitPrice: 250_000 }] })
    const order = await createPendingOrder(db, {
      buyer: { id: auth.user.id },
      seller,
      lines: [{ sku, quantity: 3 }],
    })
    return { auth, seller, sku, order }
  }

  async function pay(auth: AuthContext, orderNumber: string, decision: 'approve' | 'decline' | 'timeout') {
    const { url } = await startPayment(db, auth, { orderNumber })
    const sessionId = sessionIdFromUrl(url)
    const { url: callbackUrl } = await decideSandboxPayment(db, sessionId, { decision })
    return { sessionId, callbackUrl, ...(await callCallback(callbackUrl)) }
  }

  it('shows the bank page the amount, order number and payee of an open session', async () => {
    setClock(new Date('2026-02-27T09:00:00Z'))
    const { auth, order, seller } = await buyerWithOrder()
    const { url } = await startPayment(db, auth, { orderNumber: order.number.toLowerCase() })
    expect(url).toMatch(/^\/payment\/[A-Za-z0-9_-]{32}$/)
    const view = await loadSandboxSession(db, sessionIdFromUrl(url))
    expect(view).toMatchObject({
      status: 'open',
      amount: order.total,
      currency: 'IRR',
      order_number: order.number,
      payee: seller.displayName,
    })
    // 15 minutes, not beyond the 30-minute payment deadline.
    expect(new Date(view.expires_at).getTime() - new Date(view.server_time).getTime()).toBe(minutes(15))
    expect(await statusOf(() => loadSandboxSession(db, 'x'.repeat(32)))).toBe(404)
  })

  it('approve: the order is paid once, with a timeline event and an invoice; a replay changes nothing', async () => {
    const { auth, order, sku } = await buyerWithOrder()
    const paid = await pay(auth, order.number, 'approve')
    expect(paid.status).toBe(303)
    expect(paid.location).toBe(`/cart/checkout-result?status=success&order=${order.number}`)

    const after = await orderState(db, order.id)
    expect(after.order.status).toBe('paid')
    expect(after.order.paidAt).toBeInstanceOf(Date)
    expect(after.events.filter((e) => e.toStatus === 'paid')).toMatchObject([
      { fromStatus: 'pending_payment', actorKind: 'system' },
    ])
    expect(after.invoices).toHaveLength(1)
    expect(after.sessions).toMatchObject([{ status: 'succeeded', amount: order.total }])
    expect(await stockOf(db, sku.id)).toBe(7) // stays sold
    expect(await eventsNamed(db, 'payment_succeeded', { session_id: paid.sessionId })).toHaveLength(1)

    // The same signed callback again (a browser reload, or someone replaying it).
    const replay = await callCallback(paid.callbackUrl)
    expect(replay.status).toBe(303)
    expect(replay.result).toMatchObject({ status: 'success', order: order.number })
    const again = await orderState(db, order.id)
    expect(again.events).toHaveLength(after.events.length)
    expect(again.invoices).toHaveLength(1)
    expect(again.order.updatedAt).toEqual(after.order.updatedAt)
    expect(await eventsNamed(db, 'payment_succeeded', { session_id: paid.sessionId })).toHaveLength(1)

    const result = await loadCheckoutResult(db, auth, { orderNumber: order.number })
    expect(result).toMatchObject({
      outcome: 'paid',
      order_status: 'paid',
      total: order.total,
      can_retry: false,
    })
    // Paying again is refused.
    expect(await statusOf(() => startPayment(db, auth, { orderNumber: order.number }))).toBe(409)
  })

  it('decline: the order keeps waiting, the failure is shown, and trying again opens a new session that can pay', async () => {
    const { auth, order } = await buyerWithOrder()
    const declined = await pay(auth, order.number, 'decline')
    expect(declined.result).toEqual({ status: 'failure', order: order.number, reason: 'declined' })
    let state = await orderState(db, order.id)
    expect(state.order.status).toBe('pending_payment')
    expect(state.sessions).toMatchObject([{ status: 'failed', failureReason: 'declined' }])
    expect(await eventsNamed(db, 'payment_failed', { session_id: declined.sessionId })).toHaveLength(1)

    const result = await loadCheckoutResult(db, auth, { orderNumber: order.number })
    expect(result).toMatchObject({
      outcome: 'failed',
      can_retry: true,
      payment: { status: 'failed', reason: 'declined' },
    })

    // A replayed decline does not touch the new session or the order.
    const retry = await pay(auth, order.number, 'approve')
    expect(retry.sessionId).not.toBe(declined.sessionId)
    expect(retry.result).toMatchObject({ status: 'success' })
    const replayDecline = await callCallback(declined.callbackUrl)
    expect(replayDecline.result).toMatchObject({ status: 'failure', reason: 'declined' })
    state = await orderState(db, order.id)
    expect(state.order.status).toBe('paid')
    expect(state.sessions.map((s) => s.status).sort()).toEqual(['failed', 'succeeded'])
  })

  it('"simulate timeout" fails the session with the timeout reason', async () => {
    const { auth, order } = await buyerWithOrder()
    const timedOut = await pay(auth, order.number, 'timeout')
    expect(timedOut.result).toEqual({ status: 'failure', order: order.number, reason: 'timeout' })
    expect((await orderState(db, order.id)).order.status).toBe('pending_payment')
  })

  it('starting a payment again expires the earlier open session', async () => {
    const { auth, order } = await buyerWithOrder()
    const first = sessionIdFromUrl((await startPayment(db, auth, { orderNumber: order.number })).url)
    const second = sessionIdFromUrl((await startPayment(db, auth, { orderNumber: order.number })).url)
    const rows = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id))
    expect(rows.find((r) => r.id === first)?.status).toBe('expired')
    expect(rows.find((r) => r.id === second)?.status).toBe('open')
    // The bank page of the old session no longer takes a decision: it sends the payer to the result.
    const { url } = await decideSandboxPayment(db, first, { decision: 'approve' })
    expect(url).toBe(`/cart/checkout-result?status=failure&order=${order.number}&reason=expired`)
    expect((await orderState(db, order.id)).order.status).toBe('pending_payment')
  })

  it('forged, tampered and unknown callbacks are refused and change nothing', async () => {
    const { auth, order } = await buyerWithOrder()
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const sessionId = sessionIdFromUrl(url)
    const { url: genuine } = await decideSandboxPayment(db, sessionId, { decision: 'approve' })
    const params = new URL(genuine, 'http://x').searchParams
    const base = '/api/payments/callback/sandbox?'
    const withParam = (key: string, value: string) => {
      const copy = new URLSearchParams(params)
      copy.set(key, value)
      return base + copy.toString()
    }

    const badSignature = await callCallback(
      withParam(
        'sig',
        params.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    )
    expect(badSignature.status).toBe(400)
    const tamperedAmount = await callCallback(withParam('amount', '1'))
    expect(tamperedAmount.status).toBe(400)
    const turnedIntoSuccess = await callCallback(withParam('outcome', 'failed'))
    expect(turnedIntoSuccess.status).toBe(400)
    const missingSignature = new URLSearchParams(params)
    missingSignature.delete('sig')
    expect((await callCallback(base + missingSignature.toString())).status).toBe(400)

    // Signed with another secret: what an attacker without SESSION_SECRET can do at best.
    const wrongKey = signSandboxOutcome('another-secret-that-is-long-enough-000000', {
      sessionId,
      outcome: 'succeeded',
      providerReference: params.get('ref')!,
      amount: order.total,
    })
    expect((await callCallback(base + new URLSearchParams(wrongKey).toString())).status).toBe(400)

    // Correctly signed, but for a session that does not exist.
    const unknown = signSandboxOutcome(serverConfig().sessionSecret, {
      sessionId: 'y'.repeat(32),
      outcome: 'succeeded',
      providerReference: 'SB-0000',
      amount: order.total,
    })
    expect((await callCallback(base + new URLSearchParams(unknown).toString())).status).toBe(404)

    // Correctly signed for this session, but for a different amount than the session's.
    const wrongAmount = signSandboxOutcome(serverConfig().sessionSecret, {
      sessionId,
      outcome: 'succeeded',
      providerReference: params.get('ref')!,
      amount: order.total - 1,
    })
    expect((await callCallback(base + new URLSearchParams(wrongAmount).toString())).status).toBe(400)

    // The refusal page never echoes what was sent.
    const echo = await callCallback(withParam('sig', '<script>alert(1)</script>'))
    expect(echo.text).not.toContain('<script>')

    // The wrong provider name in the path.
    expect((await callCallback(genuine.replace('/sandbox?', '/gateway?'))).status).toBe(404)

    const state = await orderState(db, order.id)
    expect(state.order.status).toBe('pending_payment')
    expect(state.sessions).toMatchObject([{ status: 'open' }])
    expect(state.events).toHaveLength(1)

    // The genuine one still works afterwards.
    expect((await callCallback(genuine)).result).toMatchObject({ status: 'success' })
  })

  it('a callback can also arrive as a form POST', async () => {
    const { auth, order } = await buyerWithOrder()
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const { url: genuine } = await decideSandboxPayment(db, sessionIdFromUrl(url), { decision: 'approve' })
    const form = Object.fromEntries(new URL(genuine, 'http://x').searchParams)
    const posted = await callCallback('/api/payments/callback/sandbox', { method: 'POST', form })
    expect(posted.result).toMatchObject({ status: 'success', order: order.number })
  })

  it('only the buyer may pay for or read the result of an order; others get 404', async () => {
    const { order } = await buyerWithOrder()
    const stranger = await signedInBuyer(db)
    expect(await statusOf(() => startPayment(db, stranger, { orderNumber: order.number }))).toBe(404)
    expect(await statusOf(() => loadCheckoutResult(db, stranger, { orderNumber: order.number }))).toBe(404)
    expect(await statusOf(() => startPayment(db, null, { orderNumber: order.number }))).toBe(401)
    expect(await statusOf(() => startPayment(db, stranger, { orderNumber: 'not a number' }))).toBe(422)
    expect(await statusOf(() => startPayment(db, stranger, { orderNumber: 'OM-ZZZZZZZZ' }))).toBe(404)
  })

  it('the expiry job: an unpaid order expires after 30 minutes and its stock goes back', async () => {
    const start = new Date('2026-03-01T10:00:00Z')
    setClock(start)
    const { auth, order, sku } = await buyerWithOrder()
    expect(await stockOf(db, sku.id)).toBe(7)
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const sessionId = sessionIdFromUrl(url)

    // 16 minutes: the session has timed out, the order still waits.
    // (Other tests' orders share this database, so counts are "at least".)
    setClock(new Date(start.getTime() + minutes(16)))
    expect((await expireUnpaid(db)).sessions).toBeGreaterThanOrEqual(1)
    expect((await orderState(db, order.id)).order.status).toBe('pending_payment')
    expect((await loadSandboxSession(db, sessionId)).status).toBe('expired')
    expect(await eventsNamed(db, 'payment_expired', { session_id: sessionId })).toHaveLength(1)

    // 31 minutes: the order expires and releases its 3 units.
    setClock(new Date(start.getTime() + minutes(31)))
    expect((await expireUnpaid(db)).orders).toBeGreaterThanOrEqual(1)
    const state = await orderState(db, order.id)
    expect(state.order.status).toBe('expired')
    expect(state.events.filter((e) => e.toStatus === 'expired')).toMatchObject([{ actorKind: 'system' }])
    expect(await stockOf(db, sku.id)).toBe(10)
    // The timeline and the payment history say why in the reader's language (issue #22).
    const why = (locale: 'fa' | 'en') =>
      inLocale(locale, async () => {
        const detail = await getBuyerOrder(db, auth, order.id)
        const expired = detail.timeline.at(-1)!
        return {
          note: expired.note,
          said: systemNoteText(expired.system_note!),
          payments: detail.payments.map((p) => paymentReasonShortLabel(p.failure_reason)),
        }
      })
    expect(await why('fa')).toEqual({ note: '', said: 'در ۳۰ دقیقه پرداخت نشد', payments: ['منقضی شد'] })
    expect(await why('en')).toEqual({ note: '', said: 'Not paid within 30 minutes', payments: ['expired'] })

    // Running it again finds nothing and gives nothing back twice.
    expect(await expireUnpaid(db)).toEqual({ sessions: 0, orders: 0 })
    expect(await stockOf(db, sku.id)).toBe(10)

    const result = await loadCheckoutResult(db, auth, { orderNumber: order.number })
    expect(result).toMatchObject({ outcome: 'closed', order_status: 'expired', can_retry: false })
    expect(await statusOf(() => startPayment(db, auth, { orderNumber: order.number }))).toBe(409)
  })

  it('an order past its deadline cannot start a payment even before the job has run', async () => {
    const start = new Date('2026-03-02T10:00:00Z')
    setClock(start)
    const { auth, order } = await buyerWithOrder()
    setClock(new Date(start.getTime() + minutes(30)))
    expect(await statusOf(() => startPayment(db, auth, { orderNumber: order.number }))).toBe(409)
    // 10 minutes before the deadline, a new session lives only until the deadline, not 15 minutes.
    setClock(new Date(start.getTime() + minutes(20)))
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const view = await loadSandboxSession(db, sessionIdFromUrl(url))
    expect(new Date(view.expires_at).toISOString()).toBe(
      new Date(start.getTime() + minutes(30)).toISOString(),
    )
  })

  it('money that arrives after the order expired is recorded and refunded, and the result says so', async () => {
    const start = new Date('2026-03-03T10:00:00Z')
    setClock(start)
    const { auth, order, sku } = await buyerWithOrder()
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const sessionId = sessionIdFromUrl(url)
    // The bank signed the approval just before the deadline, but the payer came back late.
    setClock(new Date(start.getTime() + minutes(14)))
    const { url: approval } = await decideSandboxPayment(db, sessionId, { decision: 'approve' })
    setClock(new Date(start.getTime() + minutes(31)))
    await expireUnpaid(db)
    expect((await orderState(db, order.id)).order.status).toBe('expired')

    const late = await callCallback(approval)
    expect(late.result).toEqual({ status: 'failure', order: order.number, reason: 'order_closed' })
    const state = await orderState(db, order.id)
    expect(state.order.status).toBe('expired')
    expect(state.invoices).toHaveLength(0)
    expect(state.sessions).toMatchObject([
      { status: 'succeeded', refundedAmount: order.total, refundedAt: null },
    ])
    expect(await stockOf(db, sku.id)).toBe(10)
    const result = await loadCheckoutResult(db, auth, { orderNumber: order.number })
    expect(result).toMatchObject({
      outcome: 'refunding',
      payment: { reason: 'order_closed', refunded: false },
    })

    await makeJobsDue('payment.refund')
    setClock(null)
    await runDueJobs()
    const [refunded] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
    expect(refunded!.refundReference).toMatch(/^SBR-/)
    expect((await loadCheckoutResult(db, auth, { orderNumber: order.number })).payment?.refunded).toBe(true)

    // Replaying the late callback neither refunds again nor revives the order.
    await callCallback(approval)
    const replayed = await jobsNamed('payment.refund')
    expect(replayed.filter((j) => j.data.sessionId === sessionId)).toHaveLength(1)
  })

  it('an order the buyer cancels while the bank page is open can no longer be paid there', async () => {
    const { auth, order, sku } = await buyerWithOrder()
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const sessionId = sessionIdFromUrl(url)
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId: order.id,
        to: 'cancelled',
        actor: { kind: 'buyer', userId: auth.user.id },
      }),
    )
    expect(await stockOf(db, sku.id)).toBe(10)
    expect((await loadSandboxSession(db, sessionId)).status).toBe('expired')
    const { url: next } = await decideSandboxPayment(db, sessionId, { decision: 'approve' })
    expect(next).toBe(`/cart/checkout-result?status=failure&order=${order.number}&reason=expired`)
    await expireUnpaid(db)
    const state = await orderState(db, order.id)
    expect(state.sessions).toMatchObject([{ status: 'expired' }])
    expect(state.order.status).toBe('cancelled')
  })

  it('limits how often one buyer may start payments', async () => {
    const { auth, order } = await buyerWithOrder()
    let last = 200
    for (let i = 0; i < 21; i++)
      last = await statusOf(() => startPayment(db, auth, { orderNumber: order.number }))
    expect(last).toBe(429)
  })
})
