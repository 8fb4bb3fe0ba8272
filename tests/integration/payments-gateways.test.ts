import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadServerConfig } from '#app-config'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { setSettlementMode } from '~/features/finance-admin/index.server'
import { sellerBalances } from '~/features/ledger/index.server'
import { loadCheckoutResult, startPayment } from '~/features/payments/payments.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { paymentSessions, sellerPayoutAccounts } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import type { PaymentProvider } from '~/server/providers/payment/payment.server'
import {
  createPaymentProvider,
  setPaymentProviderForTesting,
} from '~/server/providers/payment/payment-provider.server'
import { MANUAL_REFUND_REFERENCE } from '~/server/providers/payment/refunds.server'
import { zarinpalPaymentProvider } from '~/server/providers/payment/zarinpal.server'
import { zibalPaymentProvider } from '~/server/providers/payment/zibal.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import type { Trouble } from '../support/fake-provider-http'
import {
  FAKE_ZARINPAL_TERMINAL,
  FAKE_ZARINPAL_TOKEN,
  startFakeZarinpal,
  ZARINPAL_GRAPHQL_PATH,
  ZARINPAL_REQUEST_PATH,
  ZARINPAL_VERIFY_PATH,
  type FakeZarinpal,
} from '../support/fake-zarinpal'
import { startFakeZibal, ZIBAL_REQUEST_PATH, ZIBAL_VERIFY_PATH, type FakeZibal } from '../support/fake-zibal'
import { jobsNamed, makeJobsDue, runDueJobs } from '../support/jobs'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { callCallback, orderState, signedInBuyer, stockOf } from './payments-fixtures'
import { authOf } from './tickets-fixtures'

const SPLIT_SHEBA = 'IR820540102680020817909002'

/** Long enough for a loaded machine, short enough that a gateway that never answers is quick to test. */
const TIMEOUT_MS = 1500

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
}

const ZARINPAL_MERCHANT = '1344b5d4-0048-11e8-94db-005056a205be'

describe('payment provider configuration', () => {
  it('names what a real gateway is missing, and what is wrong, at start-up', () => {
    expect(() => loadServerConfig({ PAYMENT_PROVIDER: 'zarinpal' })).toThrow(
      /ZARINPAL_MERCHANT_ID: required when PAYMENT_PROVIDER=zarinpal/,
    )
    expect(() => loadServerConfig({ PAYMENT_PROVIDER: 'zibal' })).toThrow(
      /ZIBAL_MERCHANT: required when PAYMENT_PROVIDER=zibal/,
    )
    expect(() => loadServerConfig({ PAYMENT_PROVIDER: 'gateway' })).toThrow(
      /PAYMENT_PROVIDER must be sandbox, zarinpal or zibal/,
    )
    expect(() =>
      loadServerConfig({ PAYMENT_PROVIDER: 'zarinpal', ZARINPAL_MERCHANT_ID: 'merchant-01' }),
    ).toThrow(/ZARINPAL_MERCHANT_ID must be the 36-character merchant id/)
    expect(() => loadServerConfig({ PAYMENT_TIMEOUT_MS: '50' })).toThrow(
      /PAYMENT_TIMEOUT_MS must be at least 1000/,
    )
  })

  it('refuses a production start on a gateway without its merchant, or on its test mode', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-secret-of-this-deployment-0123456789',
      PUBLIC_SITE_URL: 'https://omdeh.example',
      SMS_PROVIDER: 'http',
      SMS_API_URL: 'https://sms.example/api',
      SMS_API_KEY: 'key',
    }
    const problems = (env: Record<string, string>) => {
      try {
        loadServerConfig({ ...production, ...env })
        return []
      } catch (error) {
        return (error as ConfigError).problems
      }
    }
    expect(problems({ PAYMENT_PROVIDER: 'zarinpal' })).toEqual([
      expect.stringMatching(/^ZARINPAL_MERCHANT_ID: required/),
    ])
    expect(problems({ PAYMENT_PROVIDER: 'zarinpal', ZARINPAL_MERCHANT_ID: ZARINPAL_MERCHANT })).toEqual([])
    expect(
      problems({
        PAYMENT_PROVIDER: 'zarinpal',
        ZARINPAL_MERCHANT_ID: ZARINPAL_MERCHANT,
        ZARINPAL_SANDBOX: '1',
      }),
    ).toEqual([expect.stringMatching(/^ZARINPAL_SANDBOX: .*refused in production/)])
    expect(problems({ PAYMENT_PROVIDER: 'zibal', ZIBAL_MERCHANT: 'zibal' })).toEqual([
      expect.stringMatching(/^ZIBAL_MERCHANT: "zibal" is Zibal's test merchant/),
    ])
    expect(problems({ PAYMENT_PROVIDER: 'zibal', ZIBAL_MERCHANT: 'zibal', DEMO_MODE: '1' })).toEqual([])
  })

  it('picks the adapter and its host from the environment', () => {
    const zarinpal = loadServerConfig({
      PAYMENT_PROVIDER: 'zarinpal',
      ZARINPAL_MERCHANT_ID: ZARINPAL_MERCHANT,
    })
    expect(zarinpal.payment).toEqual({
      kind: 'zarinpal',
      merchantId: ZARINPAL_MERCHANT,
      sandbox: false,
      baseUrl: 'https://payment.zarinpal.com',
      timeoutMs: 15000,
      refunds: null,
    })
    expect(createPaymentProvider(zarinpal)).toMatchObject({ name: 'zarinpal', supportsSplit: true })
    const sandboxed = loadServerConfig({
      PAYMENT_PROVIDER: 'zarinpal',
      ZARINPAL_MERCHANT_ID: ZARINPAL_MERCHANT,
      ZARINPAL_SANDBOX: '1',
      PAYMENT_TIMEOUT_MS: '8000',
    })
    expect(sandboxed.payment).toMatchObject({ baseUrl: 'https://sandbox.zarinpal.com', timeoutMs: 8000 })
    const refunding = loadServerConfig({
      PAYMENT_PROVIDER: 'zarinpal',
      ZARINPAL_MERCHANT_ID: ZARINPAL_MERCHANT,
      ZARINPAL_ACCESS_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.token',
      ZARINPAL_TERMINAL_ID: '349555',
    })
    expect(refunding.payment).toMatchObject({
      refunds: {
        accessToken: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.token',
        terminalId: '349555',
        graphqlUrl: 'https://next.zarinpal.com/api/v4/graphql/',
      },
    })
    expect(() =>
      loadServerConfig({
        PAYMENT_PROVIDER: 'zarinpal',
        ZARINPAL_MERCHANT_ID: ZARINPAL_MERCHANT,
        ZARINPAL_ACCESS_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.token',
      }),
    ).toThrow(/ZARINPAL_TERMINAL_ID: required with ZARINPAL_ACCESS_TOKEN/)
    const zibal = loadServerConfig({ PAYMENT_PROVIDER: 'zibal', ZIBAL_MERCHANT: 'zibal' })
    expect(zibal.payment).toEqual({
      kind: 'zibal',
      merchant: 'zibal',
      baseUrl: 'https://gateway.zibal.ir',
      timeoutMs: 15000,
    })
    expect(createPaymentProvider(zibal).name).toBe('zibal')
    expect(createPaymentProvider(loadServerConfig({}))).toMatchObject({
      name: 'sandbox',
      supportsSplit: true,
    })
  })
})

/** What the shared scenarios need to know of each gateway and its fake. */
interface Driver {
  name: 'zarinpal' | 'zibal'
  open(): Promise<void>
  close(): Promise<void>
  provider(options?: { merchant?: string }): PaymentProvider
  /** The payer's page for a reference, as our app sends them there. */
  pageUrl(reference: string): string
  pay(reference: string, options?: { amount?: number }): string
  decline(reference: string): string
  /** The callback query a payer could type by hand, claiming a payment. */
  forgedQuery(reference: string): string
  requestBody(orderNumber: string): Record<string, unknown> | undefined
  verifyBodies(reference: string): Record<string, unknown>[]
  troubleNext(call: 'request' | 'verify', trouble: Trouble): void
  /** The request body our app sent for an order, as the gateway documents it. */
  expectedRequest(order: { number: string; total: number }): Record<string, unknown>
  expectedVerify(reference: string, amount: number): Record<string, unknown>
  /** A reference the gateway never issued, in its format. */
  unknownReference: string
}

function zarinpalDriver(): Driver {
  let fake: FakeZarinpal
  return {
    name: 'zarinpal',
    async open() {
      fake = await startFakeZarinpal(ZARINPAL_MERCHANT)
    },
    close: () => fake.close(),
    provider: (options = {}) =>
      zarinpalPaymentProvider({
        merchantId: options.merchant ?? fake.merchantId,
        baseUrl: fake.url,
        timeoutMs: TIMEOUT_MS,
      }),
    pageUrl: (reference) => `${fake.url}/pg/StartPay/${reference}`,
    pay: (reference, options) => fake.pay(reference, options),
    decline: (reference) => fake.decline(reference),
    forgedQuery: (reference) => `Authority=${reference}&Status=OK`,
    requestBody: (orderNumber) =>
      fake.calls.find(
        (c) =>
          c.path === ZARINPAL_REQUEST_PATH &&
          (c.body.metadata as { order_id?: string } | undefined)?.order_id === orderNumber,
      )?.body,
    verifyBodies: (reference) =>
      fake.calls
        .filter((c) => c.path === ZARINPAL_VERIFY_PATH && c.body.authority === reference)
        .map((c) => c.body),
    troubleNext: (call, trouble) =>
      fake.troubleNext(call === 'request' ? ZARINPAL_REQUEST_PATH : ZARINPAL_VERIFY_PATH, trouble),
    expectedRequest: (order) => ({
      merchant_id: ZARINPAL_MERCHANT,
      amount: order.total,
      currency: 'IRR',
      description: expect.stringContaining(order.number),
      callback_url: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/payments\/callback\/zarinpal\?session=/,
      ),
      metadata: { order_id: order.number },
    }),
    expectedVerify: (reference, amount) => ({ merchant_id: ZARINPAL_MERCHANT, amount, authority: reference }),
    unknownReference: `A${'7'.repeat(35)}`,
  }
}

function zibalDriver(): Driver {
  let fake: FakeZibal
  return {
    name: 'zibal',
    async open() {
      fake = await startFakeZibal('zibal')
    },
    close: () => fake.close(),
    provider: (options = {}) =>
      zibalPaymentProvider({
        merchant: options.merchant ?? fake.merchant,
        baseUrl: fake.url,
        timeoutMs: TIMEOUT_MS,
      }),
    pageUrl: (reference) => `${fake.url}/start/${reference}`,
    pay: (reference, options) => fake.pay(reference, options),
    decline: (reference) => fake.decline(reference),
    forgedQuery: (reference) => `success=1&trackId=${reference}&status=2&orderId=x`,
    requestBody: (orderNumber) =>
      fake.calls.find((c) => c.path === ZIBAL_REQUEST_PATH && c.body.orderId === orderNumber)?.body,
    verifyBodies: (reference) =>
      fake.calls
        .filter((c) => c.path === ZIBAL_VERIFY_PATH && String(c.body.trackId) === reference)
        .map((c) => c.body),
    troubleNext: (call, trouble) =>
      fake.troubleNext(call === 'request' ? ZIBAL_REQUEST_PATH : ZIBAL_VERIFY_PATH, trouble),
    expectedRequest: (order) => ({
      merchant: 'zibal',
      amount: order.total,
      callbackUrl: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/payments\/callback\/zibal\?session=/,
      ),
      description: expect.stringContaining(order.number),
      orderId: order.number,
    }),
    expectedVerify: (reference) => ({ merchant: 'zibal', trackId: Number(reference) }),
    unknownReference: '9999999999999',
  }
}

describe.each([zarinpalDriver(), zibalDriver()])(
  `payments through $name (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`,
  (gateway) => {
    let db: Db

    beforeAll(async () => {
      ;({ db } = await openAuthTestDatabase())
      await gateway.open()
      setPaymentProviderForTesting(gateway.provider())
    })
    afterAll(async () => {
      setPaymentProviderForTesting(null)
      await gateway.close()
      await closeAuthTestDatabase()
    })
    beforeEach(() => {
      setClock(null)
      setPaymentProviderForTesting(gateway.provider())
    })

    async function buyerWithOrder() {
      const auth = await signedInBuyer(db)
      const sku = await createSku(db, { remainingQuantity: 5, tiers: [{ unitPrice: 120_000 }] })
      const order = await createPendingOrder(db, {
        buyer: { id: auth.user.id },
        lines: [{ sku, quantity: 2 }],
      })
      return { auth, order, sku }
    }

    async function start(auth: AuthContext, orderNumber: string) {
      const { url } = await startPayment(db, auth, { orderNumber })
      const prefix = gateway.pageUrl('')
      expect(url.startsWith(prefix)).toBe(true)
      return { url, reference: decodeURIComponent(url.slice(prefix.length)) }
    }

    async function sessionOf(orderId: number) {
      const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId))
      return session!
    }

    it('requests the payment server to server in the documented shape, sends the payer to the gateway, and verifies before marking paid', async () => {
      const { auth, order } = await buyerWithOrder()
      const { url, reference } = await start(auth, order.number)
      expect(url).toBe(gateway.pageUrl(reference))
      expect(gateway.requestBody(order.number)).toEqual(gateway.expectedRequest(order))

      const back = await callCallback(gateway.pay(reference))
      expect(back.status).toBe(303)
      expect(back.result).toEqual({ status: 'success', order: order.number })
      expect(gateway.verifyBodies(reference)).toEqual([gateway.expectedVerify(reference, order.total)])
      const state = await orderState(db, order.id)
      expect(state.order.status).toBe('paid')
      expect(state.invoices).toHaveLength(1)
      expect(state.sessions).toMatchObject([
        { status: 'succeeded', provider: gateway.name, providerReference: reference },
      ])

      // Replay: the gateway answers "already verified" (101 / 201), which is paid, once.
      const replay = await callCallback(gateway.pay(reference))
      expect(replay.result).toEqual({ status: 'success', order: order.number })
      expect(gateway.verifyBodies(reference)).toHaveLength(2)
      const again = await orderState(db, order.id)
      expect(again.events).toHaveLength(state.events.length)
      expect(again.invoices).toHaveLength(1)
      expect(again.sessions).toEqual(state.sessions)
    })

    it('a forged "paid" callback for an unpaid payment leaves the order unpaid and the session open', async () => {
      const { auth, order } = await buyerWithOrder()
      const { reference } = await start(auth, order.number)
      const session = await sessionOf(order.id)
      const forged = `http://localhost:3000/api/payments/callback/${gateway.name}?session=${session.id}&${gateway.forgedQuery(reference)}`
      const back = await callCallback(forged)
      expect(back.result).toEqual({ status: 'failure', order: order.number, reason: 'not_confirmed' })
      let state = await orderState(db, order.id)
      expect(state.order.status).toBe('pending_payment')
      expect(state.sessions).toMatchObject([{ status: 'open' }])

      // A reference that is not this session's is refused outright, without asking the gateway.
      const verifies = gateway.verifyBodies(gateway.unknownReference).length
      expect((await callCallback(forged.replaceAll(reference, gateway.unknownReference))).status).toBe(400)
      expect(gateway.verifyBodies(gateway.unknownReference)).toHaveLength(verifies)
      // A callback that names no session is refused too.
      expect((await callCallback(forged.replace(/session=[^&]+&/, ''))).status).toBe(400)
      // And the payer's genuine payment still goes through afterwards.
      expect((await callCallback(gateway.pay(reference))).result).toMatchObject({ status: 'success' })
      state = await orderState(db, order.id)
      expect(state.order.status).toBe('paid')
    })

    it('an amount that does not match the order is not accepted', async () => {
      const { auth, order } = await buyerWithOrder()
      const { reference } = await start(auth, order.number)
      const back = await callCallback(gateway.pay(reference, { amount: order.total - 100_000 }))
      expect(back.result).toEqual({ status: 'failure', order: order.number, reason: 'amount_mismatch' })
      const state = await orderState(db, order.id)
      expect(state.order.status).toBe('pending_payment')
      expect(state.invoices).toHaveLength(0)
      expect(state.sessions).toMatchObject([{ status: 'failed', failureReason: 'amount_mismatch' }])
    })

    it('a payer who cancels at the gateway can try again', async () => {
      const { auth, order } = await buyerWithOrder()
      const first = await start(auth, order.number)
      expect((await callCallback(gateway.decline(first.reference))).result).toEqual({
        status: 'failure',
        order: order.number,
        reason: 'declined',
      })
      const result = await loadCheckoutResult(db, auth, { orderNumber: order.number })
      expect(result).toMatchObject({ outcome: 'failed', can_retry: true })
      const second = await start(auth, order.number)
      expect(second.reference).not.toBe(first.reference)
      expect((await callCallback(gateway.pay(second.reference))).result).toMatchObject({ status: 'success' })
    })

    it.each<Trouble>(['down', 'silent', 'garbled'])(
      'a payment request the gateway answers %s fails cleanly and the buyer can try again',
      async (trouble) => {
        const { auth, order } = await buyerWithOrder()
        gateway.troubleNext('request', trouble)
        expect(await statusOf(() => startPayment(db, auth, { orderNumber: order.number }))).toBe(502)
        expect((await orderState(db, order.id)).sessions).toMatchObject([
          { status: 'failed', failureReason: 'provider_unavailable' },
        ])
        const { reference } = await start(auth, order.number)
        expect((await callCallback(gateway.pay(reference))).result).toMatchObject({ status: 'success' })
      },
    )

    it('a payment request the gateway refuses (a wrong merchant) fails cleanly', async () => {
      const { auth, order } = await buyerWithOrder()
      setPaymentProviderForTesting(gateway.provider({ merchant: 'someone-else' }))
      expect(await statusOf(() => startPayment(db, auth, { orderNumber: order.number }))).toBe(502)
      expect((await orderState(db, order.id)).sessions).toMatchObject([
        { status: 'failed', failureReason: 'provider_unavailable' },
      ])
    })

    it.each<Trouble>(['down', 'silent', 'garbled'])(
      'a verify the gateway answers %s records no money, and the replayed callback verifies again',
      async (trouble) => {
        const { auth, order } = await buyerWithOrder()
        const { reference } = await start(auth, order.number)
        const callbackUrl = gateway.pay(reference)
        gateway.troubleNext('verify', trouble)
        const down = await callCallback(callbackUrl)
        expect(down.status).toBe(502)
        const state = await orderState(db, order.id)
        expect(state.order.status).toBe('pending_payment')
        expect(state.sessions).toMatchObject([{ status: 'open' }])
        expect(state.invoices).toHaveLength(0)
        // The payer reloads the page a minute later.
        expect((await callCallback(callbackUrl)).result).toMatchObject({ status: 'success' })
        expect((await orderState(db, order.id)).order.status).toBe('paid')
      },
    )

    it("a reference the gateway does not know is not confirmed (the gateway's own refusal)", async () => {
      const provider = gateway.provider()
      const verified = await provider.verifyCallback(
        {
          session: 'S'.repeat(32),
          ...Object.fromEntries(new URLSearchParams(gateway.forgedQuery(gateway.unknownReference))),
        },
        async (id) => ({ id, amount: 240_000, currency: 'IRR', providerReference: gateway.unknownReference }),
      )
      expect(verified).toMatchObject({ outcome: 'failed', reason: 'not_confirmed' })
    })

    it('paying twice through two sessions keeps the first payment and records the second for a refund by hand', async () => {
      const { auth, order } = await buyerWithOrder()
      const first = await start(auth, order.number)
      const second = await start(auth, order.number) // the first session is now expired
      const secondBack = gateway.pay(second.reference)
      const firstBack = gateway.pay(first.reference)
      expect((await callCallback(secondBack)).result).toMatchObject({ status: 'success' })
      expect((await callCallback(firstBack)).result).toEqual({
        status: 'failure',
        order: order.number,
        reason: 'duplicate_payment',
      })
      const state = await orderState(db, order.id)
      expect(state.order.status).toBe('paid')
      expect(state.events.filter((e) => e.toStatus === 'paid')).toHaveLength(1)
      const byReference = new Map(state.sessions.map((s) => [s.providerReference, s]))
      expect(byReference.get(second.reference)).toMatchObject({ status: 'succeeded', refundedAmount: 0 })
      expect(byReference.get(first.reference)).toMatchObject({
        status: 'failed',
        failureReason: 'duplicate_payment',
        refundedAmount: order.total,
      })
      // A replay of the duplicate does not ask for a second refund.
      await callCallback(firstBack)
      await makeJobsDue('payment.refund')
      await runDueJobs()
      const [refunded] = await db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.providerReference, first.reference))
      expect(refunded).toMatchObject({ refundReference: MANUAL_REFUND_REFERENCE, refundedAt: null })
      expect(await loadCheckoutResult(db, auth, { orderNumber: order.number })).toMatchObject({
        outcome: 'paid',
      })
    })

    it('a cancelled paid order is recorded for a refund by hand: the job ends without an error and is not retried', async () => {
      const { auth, order, sku } = await buyerWithOrder()
      const { reference } = await start(auth, order.number)
      await callCallback(gateway.pay(reference))
      await db.transaction((tx) =>
        transitionOrder(tx, {
          orderId: order.id,
          to: 'cancelled',
          actor: { kind: 'buyer', userId: auth.user.id },
        }),
      )
      expect(await stockOf(db, sku.id)).toBe(5)
      await makeJobsDue('payment.refund')
      const run = await runDueJobs()
      expect(run).toMatchObject({ retried: 0 })
      const [session] = await db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.providerReference, reference))
      expect(session).toMatchObject({
        refundedAmount: order.total,
        refundedAt: null,
        refundReference: MANUAL_REFUND_REFERENCE,
      })
      // Run again (a redelivered job): still nothing asked of the gateway, nothing changed.
      const pending = (await jobsNamed('payment.refund')).length
      await makeJobsDue('payment.refund')
      await runDueJobs()
      expect((await jobsNamed('payment.refund')).length).toBe(pending)
    })

    it("in split mode the seller's share rides in the payment request to the seller's Sheba, and is paid out at payment", async () => {
      const admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
      const seller = await createSeller(db)
      await db.insert(sellerPayoutAccounts).values({
        sellerId: seller.id,
        sheba: SPLIT_SHEBA,
        holderName: 'Split Trading Co.',
        bankCode: '054',
        createdAt: new Date(Date.now() - 86_400_000),
      })
      const auth = await signedInBuyer(db)
      const sku = await createSku(db, {
        store: await createStore(db, { seller }),
        tiers: [{ unitPrice: 120_000 }],
      })
      const order = await createPendingOrder(db, {
        buyer: { id: auth.user.id },
        seller,
        lines: [{ sku, quantity: 2 }],
      })
      await setSettlementMode(db, admin, 'split')
      try {
        const { reference } = await start(auth, order.number)
        // 240,000 of goods at 5 %: commission 12,000 and its VAT 1,200 stay with the platform.
        const share = order.total - 13_200
        const body = gateway.requestBody(order.number)!
        expect(body.amount).toBe(order.total)
        expect(gateway.name === 'zarinpal' ? body.wages : body.multiplexingInfos).toEqual([
          gateway.name === 'zarinpal'
            ? { iban: SPLIT_SHEBA, amount: share, description: expect.stringContaining(order.number) }
            : { bankAccount: SPLIT_SHEBA, amount: share },
        ])
        expect((await callCallback(gateway.pay(reference))).result).toMatchObject({ status: 'success' })
        expect(await sellerBalances(db, seller.id)).toMatchObject({ pending: 0, available: 0 })
      } finally {
        await setSettlementMode(db, admin, 'collect')
      }
    })
  },
)

describe(`Zarinpal refunds through the panel's API (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let fake: FakeZarinpal
  const refundingProvider = (accessToken = FAKE_ZARINPAL_TOKEN) =>
    zarinpalPaymentProvider({
      merchantId: ZARINPAL_MERCHANT,
      baseUrl: fake.url,
      timeoutMs: TIMEOUT_MS,
      refunds: {
        accessToken,
        terminalId: FAKE_ZARINPAL_TERMINAL,
        graphqlUrl: `${fake.url}${ZARINPAL_GRAPHQL_PATH}`,
      },
    })

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    fake = await startFakeZarinpal(ZARINPAL_MERCHANT)
  })
  beforeEach(() => setPaymentProviderForTesting(refundingProvider()))
  afterAll(async () => {
    setPaymentProviderForTesting(null)
    await fake.close()
    await closeAuthTestDatabase()
  })

  async function paidAndCancelled() {
    const auth = await signedInBuyer(db)
    const sku = await createSku(db, { remainingQuantity: 5, tiers: [{ unitPrice: 120_000 }] })
    const order = await createPendingOrder(db, { buyer: { id: auth.user.id }, lines: [{ sku, quantity: 2 }] })
    const { url } = await startPayment(db, auth, { orderNumber: order.number })
    const authority = url.split('/pg/StartPay/')[1]!
    expect((await callCallback(fake.pay(authority))).result).toMatchObject({ status: 'success' })
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId: order.id,
        to: 'cancelled',
        actor: { kind: 'buyer', userId: auth.user.id },
      }),
    )
    await makeJobsDue('payment.refund')
    return { order, authority }
  }

  const sessionByReference = async (authority: string) =>
    (await db.select().from(paymentSessions).where(eq(paymentSessions.providerReference, authority)))[0]!

  it('finds the transaction by its reference id and refunds the amount paid, once', async () => {
    const { order, authority } = await paidAndCancelled()
    await runDueJobs()
    const payment = fake.payments.get(authority)!
    expect(payment.refunds).toEqual([
      { amount: order.total, method: 'PAYA', reason: 'CUSTOMER_REQUEST', description: expect.any(String) },
    ])
    // The lookup went by terminal and the reference id verify gave, with the bearer token.
    const lookup = fake.calls.find(
      (c) => c.path === ZARINPAL_GRAPHQL_PATH && /Session/.test(String(c.body.query)),
    )
    expect(lookup?.body.variables).toEqual({
      terminal_id: FAKE_ZARINPAL_TERMINAL,
      reference_id: String(payment.refId),
    })
    expect(await sessionByReference(authority)).toMatchObject({
      refundedAmount: order.total,
      refundedAt: expect.any(Date),
      refundReference: `ZP-${payment.sessionId}`,
    })
    await makeJobsDue('payment.refund')
    await runDueJobs()
    expect(payment.refunds).toHaveLength(1)
  })

  it('a refund whose answer was lost is not made twice: the retry sees the transaction refunded', async () => {
    const { order, authority } = await paidAndCancelled()
    fake.loseNextRefundReply()
    expect(await runDueJobs()).toMatchObject({ retried: 1 })
    expect((await sessionByReference(authority)).refundedAt).toBeNull()
    await makeJobsDue('payment.refund')
    await runDueJobs()
    expect(fake.payments.get(authority)!.refunds).toHaveLength(1)
    expect(await sessionByReference(authority)).toMatchObject({
      refundedAmount: order.total,
      refundedAt: expect.any(Date),
    })
  })

  it('a refused token keeps the refund pending and retried, not marked done', async () => {
    setPaymentProviderForTesting(refundingProvider('a-token-zarinpal-does-not-know-000'))
    const { authority } = await paidAndCancelled()
    expect(await runDueJobs()).toMatchObject({ retried: 1 })
    expect(fake.payments.get(authority)!.refunds).toHaveLength(0)
    expect(await sessionByReference(authority)).toMatchObject({ refundedAt: null, refundReference: null })
  })

  it('an amount under its minimum is left to be refunded by hand', async () => {
    const provider = refundingProvider()
    expect(
      await provider.refund({
        providerReference: 'A'.repeat(36),
        amount: 19_999,
        paidAmount: 19_999,
        refundId: 'r',
      }),
    ).toMatchObject({ kind: 'manual' })
  })
})

describe('split settlement (تسهیم) in the payment request', () => {
  const split = [
    { iban: 'IR820540102680020817909002', amount: 900_000, description: 'Seller share of order 1001' },
    { iban: 'IR062960000000100324200001', amount: 50_000, description: 'Delivery' },
  ]
  const input = {
    sessionId: 's'.repeat(32),
    amount: 1_000_000,
    currency: 'IRR',
    orderNumber: '1001',
    payee: 'Seller',
    returnUrl: 'http://localhost:3000/api/payments/callback/x?session=s',
    split,
  }

  it('Zarinpal gets them as wages: iban, amount and description each', async () => {
    const fake = await startFakeZarinpal(ZARINPAL_MERCHANT)
    try {
      const provider = zarinpalPaymentProvider({
        merchantId: ZARINPAL_MERCHANT,
        baseUrl: fake.url,
        timeoutMs: TIMEOUT_MS,
      })
      expect(provider.supportsSplit).toBe(true)
      await provider.createSession(input)
      expect(fake.calls[0]!.body.wages).toEqual(split)
      // Without a split, no wages key at all.
      await provider.createSession({ ...input, split: undefined })
      expect(fake.calls[1]!.body).not.toHaveProperty('wages')
    } finally {
      await fake.close()
    }
  })

  it('Zibal gets them as multiplexingInfos with fixed amounts', async () => {
    const fake = await startFakeZibal('zibal')
    try {
      const provider = zibalPaymentProvider({ merchant: 'zibal', baseUrl: fake.url, timeoutMs: TIMEOUT_MS })
      expect(provider.supportsSplit).toBe(true)
      await provider.createSession(input)
      expect(fake.calls[0]!.body).toMatchObject({
        percentMode: 0,
        multiplexingInfos: split.map((s) => ({ bankAccount: s.iban, amount: s.amount })),
      })
      await provider.createSession({ ...input, split: [] })
      expect(fake.calls[1]!.body).not.toHaveProperty('multiplexingInfos')
    } finally {
      await fake.close()
    }
  })

  it('the sandbox bank splits like a gateway, and refuses shares that leave nothing to the platform', async () => {
    const sandbox = createPaymentProvider(loadServerConfig({}))
    expect(sandbox.supportsSplit).toBe(true)
    await expect(sandbox.createSession(input)).resolves.toMatchObject({ providerReference: /^SB-/ })
    await expect(
      sandbox.createSession({ ...input, split: [{ ...split[0]!, amount: input.amount }] }),
    ).rejects.toThrow(/less than the payment/)
  })
})
