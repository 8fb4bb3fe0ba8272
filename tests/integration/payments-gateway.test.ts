import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadServerConfig } from '#app-config'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { loadCheckoutResult, startPayment } from '~/features/payments/payments.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { paymentSessions } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { makeJobsDue, runDueJobs } from '../support/jobs'
import { gatewayPaymentProvider } from '~/server/providers/payment/gateway.server'
import { createPaymentProvider } from '~/server/providers/payment/payment-provider.server'
import { setPaymentProviderForTesting } from '~/server/providers/payment/payment-provider.server'
import { createSku } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { startFakeGateway, type FakeGateway } from '../support/fake-gateway'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { callCallback, orderState, signedInBuyer, stockOf } from './payments-fixtures'

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
}

describe('payment gateway configuration', () => {
  it('names every missing gateway variable at start-up', () => {
    expect(() => loadServerConfig({ PAYMENT_PROVIDER: 'gateway' })).toThrow(
      /PAYMENT_GATEWAY_URL: required when PAYMENT_PROVIDER=gateway[\s\S]*PAYMENT_MERCHANT_ID: required/,
    )
    expect(() => loadServerConfig({ PAYMENT_PROVIDER: 'bank' })).toThrow(
      /PAYMENT_PROVIDER must be sandbox or gateway/,
    )
    expect(() =>
      loadServerConfig({
        PAYMENT_PROVIDER: 'gateway',
        PAYMENT_GATEWAY_URL: 'ftp://x',
        PAYMENT_MERCHANT_ID: 'a b',
      }),
    ).toThrow(/PAYMENT_GATEWAY_URL must start with http or https[\s\S]*PAYMENT_MERCHANT_ID must be/)
  })

  it('picks the gateway adapter from the environment', () => {
    const config = loadServerConfig({
      PAYMENT_PROVIDER: 'gateway',
      PAYMENT_GATEWAY_URL: 'https://pay.example/api/',
      PAYMENT_MERCHANT_ID: 'merchant-01',
    })
    expect(config.payment).toEqual({
      kind: 'gateway',
      url: 'https://pay.example/api',
      merchantId: 'merchant-01',
      timeoutMs: 15000,
    })
    expect(createPaymentProvider(config).name).toBe('gateway')
    expect(createPaymentProvider(loadServerConfig({})).name).toBe('sandbox')
  })
})

describe(`payments through a redirect-and-verify gateway (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let gateway: FakeGateway

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    gateway = await startFakeGateway()
    setPaymentProviderForTesting(
      gatewayPaymentProvider({ url: gateway.url, merchantId: gateway.merchantId, timeoutMs: 5000 }),
    )
  })
  afterAll(async () => {
    setPaymentProviderForTesting(null)
    await gateway.close()
    await closeAuthTestDatabase()
  })
  beforeEach(() => setClock(null))

  async function buyerWithOrder() {
    const auth = await signedInBuyer(db)
    const sku = await createSku(db, { remainingQuantity: 5, tiers: [{ unitPrice: 120_000 }] })
    const order = await createPendingOrder(db, { buyer: { id: auth.user.id }, lines: [{ sku, quantity: 2 }] })
    return { auth, order, sku }
  }

  async function start(auth: AuthContext, orderNumber: string) {
    const { url } = await startPayment(db, auth, { orderNumber })
    expect(url.startsWith(`${gateway.url}/pay/`)).toBe(true)
    const authority = decodeURIComponent(url.slice(`${gateway.url}/pay/`.length))
    return { url, authority }
  }

  it('requests the payment server to server, sends the payer to the gateway, and verifies before marking paid', async () => {
    const { auth, order } = await buyerWithOrder()
    const { authority } = await start(auth, order.number)
    const request = gateway.calls.find((c) => c.path === 'request' && c.body.order_id === order.number)
    expect(request?.body).toMatchObject({
      merchant_id: gateway.merchantId,
      amount: order.total,
      currency: 'IRR',
    })
    expect(String(request?.body.callback_url)).toMatch(
      /^http:\/\/localhost:3000\/api\/payments\/callback\/gateway\?session=/,
    )

    const back = await callCallback(gateway.pay(authority))
    expect(back.status).toBe(303)
    expect(back.result).toEqual({ status: 'success', order: order.number })
    const verify = gateway.calls.filter((c) => c.path === 'verify' && c.body.authority === authority)
    expect(verify).toHaveLength(1)
    expect(verify[0]!.body).toMatchObject({ merchant_id: gateway.merchantId, amount: order.total })
    const state = await orderState(db, order.id)
    expect(state.order.status).toBe('paid')
    expect(state.invoices).toHaveLength(1)
    expect(state.sessions).toMatchObject([
      { status: 'succeeded', provider: 'gateway', providerReference: authority },
    ])

    // Replay: the gateway says "already verified", and nothing changes here.
    const replay = await callCallback(gateway.pay(authority))
    expect(replay.result).toEqual({ status: 'success', order: order.number })
    const again = await orderState(db, order.id)
    expect(again.events).toHaveLength(state.events.length)
    expect(again.invoices).toHaveLength(1)
  })

  it('a forged "Status=OK" for an unpaid payment leaves the order unpaid and the session open', async () => {
    const { auth, order } = await buyerWithOrder()
    const { authority } = await start(auth, order.number)
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id))
    const forged = `http://localhost:3000/api/payments/callback/gateway?session=${session!.id}&Authority=${authority}&Status=OK`
    const back = await callCallback(forged)
    expect(back.result).toEqual({ status: 'failure', order: order.number, reason: 'not_confirmed' })
    let state = await orderState(db, order.id)
    expect(state.order.status).toBe('pending_payment')
    expect(state.sessions).toMatchObject([{ status: 'open' }])

    // An authority that is not this session's is refused outright.
    expect((await callCallback(forged.replace(authority, 'Aforged000000000000'))).status).toBe(400)
    // And the payer's genuine payment still goes through afterwards.
    expect((await callCallback(gateway.pay(authority))).result).toMatchObject({ status: 'success' })
    state = await orderState(db, order.id)
    expect(state.order.status).toBe('paid')
  })

  it('an amount that does not match the order is not accepted', async () => {
    const { auth, order } = await buyerWithOrder()
    const { authority } = await start(auth, order.number)
    const back = await callCallback(gateway.pay(authority, { amount: order.total - 100_000 }))
    expect(back.result).toEqual({ status: 'failure', order: order.number, reason: 'amount_mismatch' })
    const state = await orderState(db, order.id)
    expect(state.order.status).toBe('pending_payment')
    expect(state.invoices).toHaveLength(0)
    expect(state.sessions).toMatchObject([{ status: 'failed', failureReason: 'amount_mismatch' }])
  })

  it('a payer who cancels at the gateway can try again', async () => {
    const { auth, order } = await buyerWithOrder()
    const first = await start(auth, order.number)
    expect((await callCallback(gateway.decline(first.authority))).result).toEqual({
      status: 'failure',
      order: order.number,
      reason: 'declined',
    })
    const result = await loadCheckoutResult(db, auth, { orderNumber: order.number })
    expect(result).toMatchObject({ outcome: 'failed', can_retry: true })
    const second = await start(auth, order.number)
    expect(second.authority).not.toBe(first.authority)
    expect((await callCallback(gateway.pay(second.authority))).result).toMatchObject({ status: 'success' })
  })

  it('when the gateway is down: starting fails cleanly, and a callback changes nothing until it can be verified', async () => {
    const { auth, order } = await buyerWithOrder()
    gateway.failNext('request')
    expect(await statusOf(() => startPayment(db, auth, { orderNumber: order.number }))).toBe(502)
    expect((await orderState(db, order.id)).sessions).toMatchObject([
      { status: 'failed', failureReason: 'provider_unavailable' },
    ])

    const { authority } = await start(auth, order.number)
    const callbackUrl = gateway.pay(authority)
    gateway.failNext('verify')
    const down = await callCallback(callbackUrl)
    expect(down.status).toBe(502)
    expect((await orderState(db, order.id)).order.status).toBe('pending_payment')
    // The payer reloads the page a minute later.
    expect((await callCallback(callbackUrl)).result).toMatchObject({ status: 'success' })
  })

  it('paying twice through two sessions keeps the first payment and refunds the second', async () => {
    const { auth, order } = await buyerWithOrder()
    const first = await start(auth, order.number)
    const second = await start(auth, order.number) // the first session is now expired
    // The payer had both gateway tabs open and paid in each.
    const secondBack = gateway.pay(second.authority)
    const firstBack = gateway.pay(first.authority)
    expect((await callCallback(secondBack)).result).toMatchObject({ status: 'success' })
    expect((await callCallback(firstBack)).result).toEqual({
      status: 'failure',
      order: order.number,
      reason: 'duplicate_payment',
    })
    const state = await orderState(db, order.id)
    expect(state.order.status).toBe('paid')
    expect(state.events.filter((e) => e.toStatus === 'paid')).toHaveLength(1)
    const byAuthority = new Map(state.sessions.map((s) => [s.providerReference, s]))
    expect(byAuthority.get(second.authority)).toMatchObject({ status: 'succeeded', refundedAmount: 0 })
    expect(byAuthority.get(first.authority)).toMatchObject({
      status: 'failed',
      failureReason: 'duplicate_payment',
      refundedAmount: order.total,
    })
    // A replay of the duplicate does not ask for a second refund.
    await callCallback(firstBack)
    await makeJobsDue('payment.refund')
    await runDueJobs()
    expect(gateway.payments.get(first.authority)!.refunds).toHaveLength(1)
    expect(gateway.payments.get(second.authority)!.refunds).toHaveLength(0)
    // The result page still shows the order as paid.
    expect(await loadCheckoutResult(db, auth, { orderNumber: order.number })).toMatchObject({
      outcome: 'paid',
    })
  })

  it('a cancelled paid order is refunded through the gateway by the job', async () => {
    const { auth, order, sku } = await buyerWithOrder()
    const { authority } = await start(auth, order.number)
    await callCallback(gateway.pay(authority))
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId: order.id,
        to: 'cancelled',
        actor: { kind: 'buyer', userId: auth.user.id },
      }),
    )
    expect(await stockOf(db, sku.id)).toBe(5)
    expect(gateway.payments.get(authority)!.refunds).toHaveLength(0) // not inside the transaction
    await makeJobsDue('payment.refund')
    await runDueJobs()
    expect(gateway.payments.get(authority)!.refunds).toEqual([
      { amount: order.total, refundId: expect.any(String) },
    ])
    const [session] = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.providerReference, authority))
    expect(session).toMatchObject({
      refundedAmount: order.total,
      refundReference: `RF-${authority.slice(1, 9)}`,
    })
  })
})
