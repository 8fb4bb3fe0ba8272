import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import type { Locale } from '~/lib/i18n'
import { Route as invoicePdfRoute } from '~/routes/api/invoices/$invoiceId/pdf'
import { Route as passwordRoute } from '~/routes/api/auth/password'
import { Route as profileRoute } from '~/routes/api/user/profile'
import { Route as addToBasketRoute } from '~/routes/api/cart/b2b/cart-items/index'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { invoices, sessions, users } from '~/server/db/schema'
import { rememberLocaleOfRequest } from '~/server/auth/user-locale.server'
import { requestScope, scopeOfRequest } from '~/server/log.server'
import {
  createSeller,
  createStore,
  createSku,
  createUser,
  type SellerRow,
  type UserRow,
} from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { messagesTo } from './order-core-fixtures'
import { createOffer } from './basket-fixtures'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  openAuthTestDatabase,
  routeHandler,
  signInAs,
} from './auth-fixtures'

/**
 * Server messages follow the request's language (issue #22): the `locale` cookie or `?lang=` picks
 * Persian or English for error bodies and the invoice PDF, whatever the deployment's default (the
 * tests run with DEFAULT_LOCALE=en). Each request runs in the scope the app entry opens for it.
 */
const inScope = <T>(
  request: Request,
  handle: (request: Request) => Promise<T>,
  defaultLocale: Locale = 'en',
) =>
  requestScope.run(
    scopeOfRequest(request, { requestId: randomUUID(), cspNonce: 'n', defaultLocale }).scope,
    () => handle(request),
  )

const SYSTEM = { kind: 'system', userId: null } as const

describe(`server messages in the request's language (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let buyer: UserRow
  let seller: SellerRow

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    buyer = await createUser(db, { firstName: 'Sara', lastName: 'Karimi' })
    seller = await createSeller(db, { legalName: 'Karimi Wholesale Trading Co.', nationalId: '10320456789' })
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  const profile = routeHandler(profileRoute, 'GET')
  const passwordSignIn = routeHandler(passwordRoute, 'POST')

  it('a signed-out request with the locale=fa cookie is told to sign in in Persian; en and ?lang= follow', async () => {
    const fa = await inScope(apiRequest('/api/user/profile', { cookies: { locale: 'fa' } }), (request) =>
      profile({ request }),
    )
    expect(fa.status).toBe(401)
    expect(await fa.json()).toEqual({ message: 'برای ادامه وارد حساب خود شوید' })

    const byDefault = await inScope(apiRequest('/api/user/profile'), (request) => profile({ request }), 'fa')
    expect(await byDefault.json()).toEqual({ message: 'برای ادامه وارد حساب خود شوید' })
    const english = await inScope(
      apiRequest('/api/user/profile?lang=en', { cookies: { locale: 'fa' } }),
      (request) => profile({ request }),
    )
    expect(await english.json()).toEqual({ message: 'Sign in to continue' })
  })

  it('a validation error (a body that is not JSON) names the field in Persian with the locale=fa cookie', async () => {
    const notJson = (locale?: string) => {
      const request = apiRequest('/api/auth/password', { body: {}, cookies: locale ? { locale } : undefined })
      return new Request(request, { body: '{not json', headers: request.headers })
    }
    const fa = await inScope(notJson('fa'), (request) => passwordSignIn({ request }))
    expect(fa.status).toBe(422)
    expect(await fa.json()).toEqual({
      message: 'بدنهٔ درخواست باید JSON باشد',
      errors: { body: ['بدنهٔ درخواست باید JSON باشد'] },
    })
    const en = await inScope(notJson(), (request) => passwordSignIn({ request }))
    expect(await en.json()).toEqual({
      message: 'The request body must be JSON',
      errors: { body: ['The request body must be JSON'] },
    })
  })

  it('a Persian buyer adding to the basket reads its field errors and its confirmation in Persian', async () => {
    const addToBasket = routeHandler(addToBasketRoute, 'POST')
    const { sku } = await createOffer(db)
    const bearer = (await signInAs(db, buyer.id)).accessToken
    const add = (body: unknown, cookies: Record<string, string> = { locale: 'fa' }) =>
      inScope(apiRequest('/api/cart/b2b/cart-items', { body, bearer, cookies }), (request) =>
        addToBasket({ request }),
      )

    const zero = await add({ sku, quantity: 0 })
    expect(zero.status).toBe(422)
    expect((await zero.json()).errors).toEqual({ quantity: ['تعداد باید عددی صحیح از ۱ تا ۱۰۰۰۰۰ باشد'] })
    const missing = await add({ quantity: 2 })
    expect((await missing.json()).errors).toEqual({ sku: ['این فیلد الزامی است.'] })
    const unknown = await add({ sku: 'NO-SUCH-SKU', quantity: 2 })
    expect((await unknown.json()).errors).toEqual({ sku: ['این محصول در حال حاضر برای فروش عرضه نمی‌شود'] })
    const added = await add({ sku, quantity: 2 })
    expect(added.status).toBe(201)
    expect((await added.json()).message).toBe('به سبد خرید شما اضافه شد')

    const english = await add({ sku, quantity: 0 }, {})
    expect((await english.json()).errors).toEqual({
      quantity: ['Quantity must be a whole number from 1 to 100000'],
    })
  })

  describe('the invoice PDF', () => {
    async function paidInvoiceId() {
      const store = await createStore(db, { seller })
      const tea = await createSku(db, { store, tiers: [{ unitPrice: 1_250_000 }] })
      const order = await createPendingOrder(db, { buyer, seller, lines: [{ sku: tea, quantity: 12 }] })
      await db.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'paid', actor: SYSTEM }))
      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id))
      return invoice!
    }
    async function download(invoiceId: number, cookies: Record<string, string>) {
      const handlers = (
        invoicePdfRoute.options as unknown as {
          server: { handlers: { GET: (ctx: unknown) => Promise<Response> } }
        }
      ).server.handlers
      const path = `/api/invoices/${invoiceId}/pdf`
      const token = (await signInAs(db, buyer.id)).accessToken
      return inScope(apiRequest(path, { cookies: { access_token: token, ...cookies } }), (request) =>
        handlers.GET({ request, params: { invoiceId: String(invoiceId) }, pathname: path, context: {} }),
      )
    }
    const textOf = async (response: Response) =>
      (
        await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), {
          mergePages: true,
        })
      ).text

    it('is Persian with the Persian calendar and digits for locale=fa, English and Gregorian otherwise', async () => {
      // 20 November 2026 in Tehran is 29 Aban 1405.
      setClock('2026-11-20T08:00:00Z')
      const invoice = await paidInvoiceId()
      const fa = await download(invoice.id, { locale: 'fa' })
      expect(fa.status).toBe(200)
      const persian = await textOf(fa)
      for (const expected of [
        'فاکتور',
        'فروشنده',
        'خریدار',
        'قیمت واحد',
        'مبلغ کل',
        '۲۹ آبان ۱۴۰۵',
        '۱۲',
        'ریال',
      ])
        expect(persian).toContain(expected)
      expect(persian).not.toContain('Invoice number')
      expect(persian).not.toContain('2026-11-20')
      expect(persian).toContain(invoice.number)

      const en = await textOf(await download(invoice.id, {}))
      for (const expected of [
        'Invoice number',
        'Issue date',
        '20 Nov 2026',
        'Unit price',
        'Total',
        'IRR 15,000,000',
      ])
        expect(en).toContain(expected)
      expect(en).not.toContain('2026-11-20')
      expect(en).not.toMatch(/[\u0600-\u06FF]/)
    })
  })

  describe('SMS to someone other than the one asking', () => {
    const localeOf = async (userId: number) =>
      (await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)))[0]!.locale

    it('a sign-in keeps its language for the user, and ?lang= while signed in changes it', async () => {
      const sara = await createUser(db)
      expect(await localeOf(sara.id)).toBeNull()
      const { accessToken } = await inScope(apiRequest('/auth', { cookies: { locale: 'fa' } }), () =>
        signInAs(db, sara.id),
      )
      expect(await localeOf(sara.id)).toBe('fa')

      const switchTo = (locale: 'fa' | 'en', token: string) =>
        rememberLocaleOfRequest(apiRequest(`/?lang=${locale}`, { cookies: { access_token: token } }), locale)
      await switchTo('en', accessToken)
      expect(await localeOf(sara.id)).toBe('en')
      // A token that is not a live session's changes nobody's language.
      await switchTo('fa', 'not-a-token')
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, sara.id))
      await switchTo('fa', accessToken)
      expect(await localeOf(sara.id)).toBe('en')
    })

    it("an order's SMS reach the buyer and the seller each in their own language, not the caller's", async () => {
      const persianBuyer = await createUser(db)
      await db.update(users).set({ locale: 'fa' }).where(eq(users.id, persianBuyer.id))
      const englishSeller = await createSeller(db)
      await db.update(users).set({ locale: 'en' }).where(eq(users.id, englishSeller.owner.id))
      const store = await createStore(db, { seller: englishSeller })
      const tea = await createSku(db, { store, tiers: [{ unitPrice: 1_250_000 }] })
      const order = await createPendingOrder(db, {
        buyer: persianBuyer,
        seller: englishSeller,
        lines: [{ sku: tea, quantity: 12 }],
      })
      // The bank's callback runs in an English request: the buyer still reads Persian.
      await inScope(apiRequest('/api/payment/callback', { cookies: { locale: 'en' } }), () =>
        db.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'paid', actor: SYSTEM })),
      )
      const [toBuyer] = await messagesTo(db, persianBuyer.cellphone)
      expect(toBuyer).toContain(order.number)
      expect(toBuyer).toContain('دریافت شد')
      // The order's total (with tax and delivery) in Persian digits and rials.
      expect(toBuyer).toMatch(/[۰-۹]{1,3}(٬[۰-۹]{3})+ ریال/)
      expect(toBuyer).not.toMatch(/received|IRR/)
      const [ownerPhone] = await db
        .select({ cellphone: users.cellphone })
        .from(users)
        .where(eq(users.id, englishSeller.owner.id))
      const [toSeller] = await messagesTo(db, ownerPhone!.cellphone)
      expect(toSeller).toContain(`new paid order ${order.number}`)
      expect(toSeller).not.toMatch(/[\u0600-\u06FF]/)
    })
  })
})
