import { and, asc, desc, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import { checkImport, requestApply, startImport } from '~/features/imports/imports.server'
import { setSkuStatuses } from '~/features/inventory/inventory.server'
import { decideSandboxPayment } from '~/features/payments/sandbox-bank.server'
import { choosePlan, purchaseResult, quotePlan } from '~/features/plans/plan-checkout.server'
import { planLimitStatus } from '~/features/plans/plan-limits.server'
import { runPlanRenewals } from '~/features/plans/plan-renewals.server'
import { platformInvoiceForViewer, subscriptionOverview } from '~/features/plans/plans.server'
import { inviteObserver } from '~/features/sellers/observers.server'
import { offerExistingProduct, updateSku } from '~/features/stores/store-products.server'
import { createStore as createStoreOp } from '~/features/stores/stores.server'
import type { SkuFields, StoreFields } from '~/features/stores/stores.schemas'
import { formatTehranDay } from '~/lib/tehran-time'
import type { AuthContext } from '~/server/auth/session.server'
import { days, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { inLocale } from '~/server/log.server'
import {
  auditEvents,
  outboxMessages,
  paymentSessions,
  plans,
  platformInvoices,
  platformPurchases,
  sellerSubscriptions,
  sellers,
  skus,
} from '~/server/db/schema'
import { Route as pdfRoute } from '~/routes/api/platform-invoices/$platformInvoiceId/pdf'
import { createCategory, createProduct, createSeller, createUser, uniquePhone } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { serverFunctions } from '../support/server-endpoints'
import { closeAuthTestDatabase, openAuthTestDatabase, signInAs, SITE } from './auth-fixtures'
import { callServerFunction, type ExecutableServerFn } from './authz-calls'
import { callCallback, sessionIdFromUrl } from './payments-fixtures'
import { authOf, errorOf, tempStorage } from './tickets-fixtures'

vi.mock('@tanstack/react-start', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@tanstack/react-start')>()
  const { withServerImplementations } = await import('../support/server-fn-implementations')
  return { ...actual, createServerFn: withServerImplementations(actual.createServerFn) }
})

let n = 0
const storeFields = (): StoreFields => ({
  name: `Plan Bazaar ${++n}`,
  slug: `plan-bazaar-${Date.now().toString(36)}-${n}`,
  description: 'Wholesale goods',
  city: 'Tehran',
  pickupAddress: 'No. 4, Bazaar St',
  pickupHours: 'Sat–Wed 9–17',
  status: 'active',
})
const skuFields = (): SkuFields => ({
  sku: '',
  piecesPerPack: 1,
  alwaysAvailable: true,
  stock: 0,
  tiers: [{ unitPrice: 1_000_000, offerPrice: 0, minQuantity: 1 }],
})

describe(`seller plans (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let categoryId: number
  const storage = tempStorage()

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    categoryId = (await createCategory(db)).id
    // A small plan for the limit tests, dearer than Free so Free is not "the plan that allows more".
    await db.insert(plans).values({
      slug: 'tiny',
      name: 'Tiny',
      monthlyPrice: 1_000,
      yearlyPrice: 10_000,
      maxStores: 1,
      maxActiveSkus: 2,
      maxPublishedMagazines: 0,
      maxObservers: 1,
      maxImportRows: 3,
      status: 'retired',
      position: 9,
    })
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  async function sellerOn(planCode: string) {
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user, planCode })
    return { seller, auth: await authOf(db, user.id), userId: user.id }
  }

  /** Chooses a plan and approves it at the sandbox bank; returns the callback's landing. */
  async function buy(auth: AuthContext, plan: string, cycle: 'monthly' | 'yearly' = 'monthly') {
    const started = await choosePlan(db, auth, { plan, cycle })
    if (!('url' in started)) throw new Error('expected a payment')
    const sessionId = sessionIdFromUrl(started.url)
    const { url } = await decideSandboxPayment(db, sessionId, { decision: 'approve' })
    return { sessionId, callbackUrl: url, landing: await callCallback(url) }
  }

  const activePeriod = async (sellerId: number) =>
    (
      await db
        .select()
        .from(sellerSubscriptions)
        .where(and(eq(sellerSubscriptions.sellerId, sellerId), eq(sellerSubscriptions.status, 'active')))
    )[0]
  const planCodeOf = async (sellerId: number) =>
    (await db.select({ p: sellers.planCode }).from(sellers).where(eq(sellers.id, sellerId)))[0]!.p

  it('seeds Free, Pro and Business with yearly prices below twelve months', async () => {
    const rows = await db.select().from(plans).where(eq(plans.status, 'active')).orderBy(asc(plans.position))
    expect(rows.map((p) => p.slug)).toEqual(['free', 'pro', 'business'])
    for (const p of rows.slice(1)) expect(p.yearlyPrice).toBeLessThan(p.monthlyPrice * 12)
    expect(rows[0]).toMatchObject({ monthlyPrice: 0, maxStores: 1 })
  })

  it('Free allows one store: the second is a 403 naming the plan, the limit and Pro; Pro bought at the bank allows it', async () => {
    const { seller, auth } = await sellerOn('free')
    await createStoreOp(db, auth, storeFields())
    const refused = await errorOf(() => createStoreOp(db, auth, storeFields()))
    expect(refused.status).toBe(403)
    expect(refused.message).toBe(
      'Your Free plan allows 1 store and you have 1. Pro allows 5 stores: upgrade on the Subscription page.',
    )
    // The UI reads the same answer before the seller tries.
    const overview = await subscriptionOverview(db, auth)
    expect(overview.usage.find((u) => u.kind === 'stores')).toMatchObject({
      used: 1,
      limit: 1,
      remaining: 0,
      allowed: false,
      reason: refused.message,
    })

    const { landing } = await buy(auth, 'pro')
    expect(landing.location).toMatch(/^\/subscription\?purchase=PL-\d+$/)
    expect(await planCodeOf(seller.id)).toBe('pro')
    await createStoreOp(db, auth, storeFields())
    const result = await purchaseResult(db, auth, { purchaseNumber: landing.result!.purchase! })
    expect(result).toMatchObject({ status: 'paid', plan_name: 'Pro', payment: { status: 'succeeded' } })
  })

  it('SKU create, SKU activate and bulk activate all count active SKUs; a downgrade deletes nothing', async () => {
    const { seller, auth } = await sellerOn('business')
    const store = await createStoreOp(db, auth, storeFields())
    const offer = async () =>
      offerExistingProduct(db, auth, {
        storeId: store.id,
        productId: (await createProduct(db, { category: { id: categoryId } })).id,
        ...skuFields(),
      })
    const a = await offer()
    const b = await offer()
    const c = await offer()
    // Downgraded with three active SKUs on a plan of two: nothing is paused or deleted.
    await db.update(sellers).set({ planCode: 'tiny' }).where(eq(sellers.id, seller.id))
    const active = await db.select().from(skus).where(eq(skus.storeId, store.id))
    expect(active.filter((s) => s.status === 'active')).toHaveLength(3)

    const createRefused = await errorOf(offer)
    expect(createRefused.status).toBe(403)
    expect(createRefused.message).toMatch(
      /^Your Tiny plan allows 2 active SKUs and you have 3\. Free allows 50/,
    )

    await setSkuStatuses(db, auth, { skuIds: [a.skuId, b.skuId, c.skuId], status: 'inactive' })
    // Bulk: three at once is over the two places; two fit.
    expect(
      (
        await errorOf(() =>
          setSkuStatuses(db, auth, { skuIds: [a.skuId, b.skuId, c.skuId], status: 'active' }),
        )
      ).status,
    ).toBe(403)
    expect(await setSkuStatuses(db, auth, { skuIds: [a.skuId, b.skuId], status: 'active' })).toEqual({
      changed: 2,
    })
    // One by one, through the SKU's edit.
    const single = await errorOf(() =>
      updateSku(db, auth, { skuId: c.skuId, piecesPerPack: 1, alwaysAvailable: true, status: 'active' }),
    )
    expect(single.status).toBe(403)
    // Pausing is never limited.
    await updateSku(db, auth, { skuId: a.skuId, piecesPerPack: 1, alwaysAvailable: true, status: 'inactive' })
    await updateSku(db, auth, { skuId: c.skuId, piecesPerPack: 1, alwaysAvailable: true, status: 'active' })
    expect((await planLimitStatus(db, seller.id, 'skus')).remaining).toBe(0)
  })

  it('observer invitations count seats against the plan', async () => {
    const { seller, auth } = await sellerOn('tiny')
    await inviteObserver(db, auth, { cellphone: uniquePhone() })
    const refused = await errorOf(() => inviteObserver(db, auth, { cellphone: uniquePhone() }))
    expect(refused.status).toBe(403)
    expect(refused.message).toMatch(
      /^Your Tiny plan allows 1 observer and you have 1\. Pro allows 5 observers: upgrade/,
    )
    expect((await planLimitStatus(db, seller.id, 'observers')).used).toBe(1)
  })

  it('an import over the rows per file is refused when applied; one within the limit goes through', async () => {
    const { auth } = await sellerOn('tiny')
    const header = SHEET_COLUMNS.map((col) => col.header).join(',')
    const sheet = (rows: number) =>
      Buffer.from([header, ...Array.from({ length: rows }, (_, i) => `NOPE-${i},S,P,1,1,`)].join('\n'))
    const upload = async (rows: number) => {
      const { importId } = await startImport(db, auth, { name: 'p.csv', bytes: sheet(rows) }, storage)
      await checkImport(db, importId, storage)
      return importId
    }
    const big = await upload(4)
    const refused = await errorOf(() => requestApply(db, auth, big, 'valid_rows'))
    expect(refused.status).toBe(403)
    expect(refused.message).toBe(
      'Your Tiny plan allows 3 rows per import file; this file has 4. Free allows 500 rows per import file: upgrade on the Subscription page.',
    )
    await requestApply(db, auth, await upload(3), 'valid_rows')
  })

  it('the server functions answer the same 403 over the wire (bulk activate, observer invite)', async () => {
    const { seller, userId } = await sellerOn('tiny')
    const auth = await authOf(db, userId)
    await inviteObserver(db, auth, { cellphone: uniquePhone() })
    const session = await signInAs(db, userId)
    const endpoint = (name: string) => serverFunctions().find((f) => f.exportName === name)!
    const call = async (name: string, data: unknown) => {
      const found = endpoint(name)
      const module = (await import(/* @vite-ignore */ `${process.cwd()}/${found.file}`)) as Record<
        string,
        unknown
      >
      const headers = new Headers({
        'sec-fetch-site': 'same-origin',
        origin: SITE,
        'x-forwarded-for': '10.9.8.7',
      })
      headers.set('cookie', `access_token=${session.accessToken}; refresh_token=${session.refreshToken}`)
      return callServerFunction(
        module[found.exportName] as ExecutableServerFn,
        new Request(`${SITE}${found.url}`, { method: 'POST', headers }),
        data,
      )
    }
    const invite = await call('inviteObserverFn', { cellphone: uniquePhone() })
    expect(invite.status).toBe(403)
    expect(invite.detail).toContain('Tiny plan allows 1 observer')

    const store = await createStoreOp(db, auth, storeFields())
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const product = await createProduct(db, { category: { id: categoryId } })
      await db.update(sellers).set({ planCode: 'business' }).where(eq(sellers.id, seller.id))
      ids.push(
        (await offerExistingProduct(db, auth, { storeId: store.id, productId: product.id, ...skuFields() }))
          .skuId,
      )
    }
    await setSkuStatuses(db, auth, { skuIds: ids, status: 'inactive' })
    await db.update(sellers).set({ planCode: 'tiny' }).where(eq(sellers.id, seller.id))
    const bulk = await call('setSkuStatusesFn', { skuIds: ids, status: 'active' })
    expect(bulk.status).toBe(403)
    expect(bulk.detail).toContain('Tiny plan allows 2 active SKUs')
  })

  it("the quote's words name its days as the dialog shows the period: Tehran days, one format per language", async () => {
    // 21:00 UTC on 1 December is already 00:30 on 2 December in Tehran.
    setClock('2026-12-01T21:00:00Z')
    const { auth } = await sellerOn('free')
    const quote = await quotePlan(db, auth, { plan: 'pro', cycle: 'monthly' })
    expect(quote.period_end).toBe('2027-01-01T21:00:00.000Z')
    expect(quote.summary).toBe('Pro from today until 2 Jan 2027.')
    // The dialog's "Period" row (subscription-page.tsx) formats the quote's instants with the same helper.
    expect(`${formatTehranDay(quote.period_start)} – ${formatTehranDay(quote.period_end)}`).toBe(
      '2 Dec 2026 – 2 Jan 2027',
    )

    const fa = await inLocale('fa', () => quotePlan(db, auth, { plan: 'pro', cycle: 'monthly' }))
    const faEnd = inLocale('fa', () => formatTehranDay(fa.period_end))
    expect(faEnd).toBe('۱۲ دی ۱۴۰۵')
    expect(fa.summary).toContain(faEnd)
    expect(fa.summary).not.toMatch(/[0-9]/)
  })

  it('an upgrade mid-period credits the unused days to the day (pinned clock) and replaces the period', async () => {
    setClock('2027-01-01T08:00:00Z')
    const { seller, auth } = await sellerOn('free')
    await buy(auth, 'pro')
    const pro = await activePeriod(seller.id)
    expect(pro).toMatchObject({ planSlug: 'pro', amountPaid: 29_000_000 })
    expect(pro!.periodEnd.toISOString()).toBe('2027-02-01T08:00:00.000Z')

    // 20 days and 22 hours left: 20 whole days of 31 are credited.
    setClock('2027-01-11T10:00:00Z')
    const quote = await quotePlan(db, auth, { plan: 'business', cycle: 'monthly' })
    const credit = Math.floor((29_000_000 * 20) / 31)
    expect(quote).toMatchObject({ kind: 'upgrade', credit_days: 20, credit, amount: 79_000_000 - credit })
    expect(quote.period_end).toBe('2027-02-11T10:00:00.000Z')
    const { landing } = await buy(auth, 'business')
    expect(landing.result).toEqual({ purchase: expect.stringMatching(/^PL-/) })
    const business = await activePeriod(seller.id)
    expect(business).toMatchObject({ planSlug: 'business', amountPaid: 79_000_000 - credit })
    const [old] = await db.select().from(sellerSubscriptions).where(eq(sellerSubscriptions.id, pro!.id))
    expect(old!.status).toBe('replaced')
    expect(await planCodeOf(seller.id)).toBe('business')
    const [invoice] = await db
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.sellerId, seller.id))
      .orderBy(desc(platformInvoices.id))
    expect(invoice).toMatchObject({ listPrice: 79_000_000, credit, total: 79_000_000 - credit })

    // A downgrade waits for the end of the paid period.
    const down = await quotePlan(db, auth, { plan: 'pro', cycle: 'monthly' })
    expect(down).toMatchObject({ kind: 'downgrade', credit: 0, period_start: '2027-02-11T10:00:00.000Z' })
    const free = await quotePlan(db, auth, { plan: 'free', cycle: 'monthly' })
    expect(free).toMatchObject({ kind: 'to_free', amount: 0, period_start: '2027-02-11T10:00:00.000Z' })
  })

  it('an upgrade the unused credit more than pays for switches at once, without a payment, and the left-over credit adds days (pinned clock)', async () => {
    setClock('2029-03-01T08:00:00Z')
    const { seller, auth } = await sellerOn('free')
    await buy(auth, 'pro', 'yearly')
    const pro = await activePeriod(seller.id)
    expect(pro).toMatchObject({ planSlug: 'pro', amountPaid: 290_000_000 })
    const invoicesBefore = await db
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.sellerId, seller.id))
    expect(invoicesBefore).toHaveLength(1)

    // 354 whole days of 365 left: IRR 281,260,273 of credit against Business monthly at IRR 79,000,000.
    // The month is covered (31 days); the IRR 202,260,273 over buys 79 more days at 31/79,000,000 a day.
    setClock('2029-03-11T10:00:00Z')
    const quote = await quotePlan(db, auth, { plan: 'business', cycle: 'monthly' })
    expect(quote).toMatchObject({
      kind: 'upgrade',
      list_price: 79_000_000,
      credit_days: 354,
      credit: 281_260_273,
      extra_days: 79,
      amount: 0,
      period_start: '2029-03-11T10:00:00.000Z',
      period_end: '2029-06-29T10:00:00.000Z',
    })
    expect(quote.summary).toContain('nothing to pay')
    expect(quote.summary).toContain('adds 79 days, so it runs until 29 Jun 2029')

    const sessionsBefore = await db.select({ id: paymentSessions.id }).from(paymentSessions)
    const chosen = await choosePlan(db, auth, { plan: 'business', cycle: 'monthly' })
    expect(chosen).toEqual({ applied: expect.objectContaining({ amount: 0, extra_days: 79 }) })
    // No bank: no payment session was opened.
    expect(await db.select({ id: paymentSessions.id }).from(paymentSessions)).toHaveLength(
      sessionsBefore.length,
    )

    // The new period carries the credit as its value (the base of a later upgrade's credit).
    const business = await activePeriod(seller.id)
    expect(business).toMatchObject({ planSlug: 'business', amountPaid: 281_260_273, purchaseId: null })
    expect(business!.periodStart.toISOString()).toBe('2029-03-11T10:00:00.000Z')
    expect(business!.periodEnd.toISOString()).toBe('2029-06-29T10:00:00.000Z')
    const [old] = await db.select().from(sellerSubscriptions).where(eq(sellerSubscriptions.id, pro!.id))
    expect(old!.status).toBe('replaced')
    expect(await planCodeOf(seller.id)).toBe('business')
    // No money moved: no purchase to pay and no new invoice; the change is in the audit trail.
    const purchases = await db
      .select()
      .from(platformPurchases)
      .where(eq(platformPurchases.sellerId, seller.id))
    expect(purchases.map((p) => p.status)).toEqual(['paid'])
    expect(
      await db.select().from(platformInvoices).where(eq(platformInvoices.sellerId, seller.id)),
    ).toHaveLength(1)
    const [started] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sellerId, seller.id), eq(auditEvents.action, 'subscription.start')))
      .orderBy(desc(auditEvents.id))
      .limit(1)
    expect(started!.changes).toMatchObject({
      plan: { after: 'business' },
      amount: { after: 0 },
      credit: { after: 281_260_273 },
      extraDays: { after: 79 },
    })

    // The seller's plan is Business from now: a second store is allowed at once.
    expect((await planLimitStatus(db, seller.id, 'stores')).allowed).toBe(true)
  })

  it('a replayed callback changes nothing; a decline changes nothing; a second paid session is refunded', async () => {
    const { seller, auth } = await sellerOn('free')
    const { sessionId, callbackUrl } = await buy(auth, 'pro')
    const invoicesBefore = await db
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.sellerId, seller.id))
    const replay = await callCallback(callbackUrl)
    expect(replay.location).toMatch(/^\/subscription\?purchase=/)
    const periods = await db
      .select()
      .from(sellerSubscriptions)
      .where(eq(sellerSubscriptions.sellerId, seller.id))
    expect(periods).toHaveLength(1)
    expect(
      await db.select().from(platformInvoices).where(eq(platformInvoices.sellerId, seller.id)),
    ).toHaveLength(invoicesBefore.length)
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
    expect(session).toMatchObject({ status: 'succeeded', refundedAmount: 0 })

    // Renewal declined at the bank: the plan and periods stay as they were.
    const renewal = await choosePlan(db, auth, { plan: 'pro', cycle: 'yearly' })
    if (!('url' in renewal)) throw new Error('expected a payment')
    const { url: declined } = await decideSandboxPayment(db, sessionIdFromUrl(renewal.url), {
      decision: 'decline',
    })
    expect((await callCallback(declined)).location).toMatch(/^\/subscription\?purchase=/)
    expect(
      await db.select().from(sellerSubscriptions).where(eq(sellerSubscriptions.sellerId, seller.id)),
    ).toHaveLength(1)

    // Two sessions of one purchase both paid: the first counts, the second is given back.
    const again = await choosePlan(db, auth, { plan: 'pro', cycle: 'yearly' })
    if (!('url' in again)) throw new Error('expected a payment')
    const first = sessionIdFromUrl(again.url)
    const { url: firstApproval } = await decideSandboxPayment(db, first, { decision: 'approve' })
    const [purchase] = await db
      .select()
      .from(platformPurchases)
      .where(eq(platformPurchases.sellerId, seller.id))
      .orderBy(desc(platformPurchases.id))
    const second = `${first.slice(0, 20)}second-session-id`
    await db.insert(paymentSessions).values({
      id: second,
      purchaseId: purchase!.id,
      provider: 'sandbox',
      amount: purchase!.amount,
      currency: purchase!.currency,
      providerReference: `ref-${second}`,
      expiresAt: new Date(Date.now() + days(1)),
    })
    const { url: secondApproval } = await decideSandboxPayment(db, second, { decision: 'approve' })
    await callCallback(firstApproval)
    const dup = await callCallback(secondApproval)
    expect(dup.location).toMatch(/^\/subscription\?purchase=/)
    const [refunded] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, second))
    expect(refunded).toMatchObject({
      status: 'failed',
      failureReason: 'duplicate_payment',
      refundedAmount: purchase!.amount,
    })
    const open = await db
      .select()
      .from(sellerSubscriptions)
      .where(eq(sellerSubscriptions.sellerId, seller.id))
    expect(open.map((p) => p.status).sort()).toEqual(['active', 'scheduled'])
  })

  it('platform invoices are numbered without gaps across sellers, and only their seller reads them', async () => {
    setClock('2031-03-01T08:00:00Z')
    const one = await sellerOn('free')
    const two = await sellerOn('free')
    await buy(one.auth, 'pro')
    // A payment that fails takes no number.
    const failed = await choosePlan(db, two.auth, { plan: 'pro', cycle: 'monthly' })
    if (!('url' in failed)) throw new Error('expected a payment')
    const { url } = await decideSandboxPayment(db, sessionIdFromUrl(failed.url), { decision: 'decline' })
    await callCallback(url)
    await buy(two.auth, 'business', 'yearly')
    await buy(one.auth, 'business')
    const rows = await db
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.year, 2031))
      .orderBy(asc(platformInvoices.sequence))
    expect(rows.map((r) => r.number)).toEqual(['OMD-2031-000001', 'OMD-2031-000002', 'OMD-2031-000003'])
    expect((await errorOf(() => platformInvoiceForViewer(db, two.auth, rows[0]!.id))).status).toBe(404)
    const view = await platformInvoiceForViewer(db, one.auth, rows[0]!.id)
    expect(view).toMatchObject({ number: 'OMD-2031-000001', total: 29_000_000 })
    expect(view.subtotal - view.discount + view.delivery_fee + view.vat).toBe(view.total)

    const session = await signInAs(db, one.userId)
    const handlers = (
      pdfRoute.options as unknown as {
        server: {
          handlers: { GET: (ctx: { request: Request; params: Record<string, string> }) => Promise<Response> }
        }
      }
    ).server.handlers
    const pdf = await handlers.GET({
      request: new Request(`${SITE}/api/platform-invoices/${rows[0]!.id}/pdf`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      }),
      params: { platformInvoiceId: String(rows[0]!.id) },
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    // The platform's own invoice: no order-only labels (SKU, seller/buyer, delivery, discount).
    const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text
    expect(text).toContain('Invoice for: Pro plan, 1 month')
    expect(text).toMatch(/SUPPLIER[\s\S]*CUSTOMER/)
    expect(text).toContain('Price (VAT included)')
    expect(text).toContain('Includes VAT (10%)')
    for (const orderOnly of ['SKU', 'SELLER', 'BUYER', 'Delivery', 'Discount', 'Subtotal'])
      expect(text).not.toContain(orderOnly)
  })

  it('renewals: reminders 7 and 1 days before (once each), grace, then Free; a paid downgrade starts on time', async () => {
    setClock('2028-05-01T00:00:00Z')
    const { seller, auth, userId } = await sellerOn('free')
    await buy(auth, 'business')
    const [owner] = await db.select().from(sellers).where(eq(sellers.id, seller.id))
    const phone = (await db.select().from(outboxMessages)).length
    void phone
    const sms = async () => {
      const user = await authOf(db, userId)
      return db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, user.user.cellphone))
        .orderBy(asc(outboxMessages.id))
    }
    expect(owner!.planCode).toBe('business')

    setClock('2028-05-24T23:00:00Z') // 7 days and 1 hour before the end
    await runPlanRenewals(db)
    expect(await sms()).toHaveLength(0)
    setClock('2028-05-25T01:00:00Z')
    await runPlanRenewals(db)
    await runPlanRenewals(db)
    expect((await sms()).map((m) => m.body)).toEqual([
      expect.stringContaining('Business plan ends on 1 Jun 2028'),
    ])
    expect((await subscriptionOverview(db, auth)).phase).toBe('ending')
    setClock('2028-05-31T01:00:00Z')
    await runPlanRenewals(db)
    await runPlanRenewals(db)
    expect(await sms()).toHaveLength(2)
    expect((await sms())[1]!.body).toContain('(tomorrow)')

    // Past the end: seven days of grace with the plan in force.
    setClock('2028-06-07T23:00:00Z')
    await runPlanRenewals(db)
    expect(await planCodeOf(seller.id)).toBe('business')
    expect((await subscriptionOverview(db, auth)).phase).toBe('grace')
    setClock('2028-06-08T01:00:00Z')
    await runPlanRenewals(db)
    expect(await planCodeOf(seller.id)).toBe('free')
    expect(await activePeriod(seller.id)).toBeUndefined()
    expect((await sms()).at(-1)!.body).toContain('is on Free')
    const ended = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sellerId, seller.id), eq(auditEvents.action, 'seller.plan_change')))
    expect(ended.at(-1)!.changes).toEqual({ planCode: { before: 'business', after: 'free' } })

    // Pro again, then Free chosen from its end: no reminders, no grace.
    await buy(auth, 'pro')
    expect(await choosePlan(db, auth, { plan: 'free', cycle: 'monthly' })).toMatchObject({
      scheduled: { kind: 'to_free' },
    })
    const before = (await sms()).length
    setClock('2028-07-08T02:00:00Z')
    await runPlanRenewals(db)
    expect(await planCodeOf(seller.id)).toBe('free')
    expect((await sms()).length).toBe(before + 1)

    // Business, with Pro paid ahead from its end: Pro takes over at the end, not before.
    await buy(auth, 'business')
    const downgrade = await quotePlan(db, auth, { plan: 'pro', cycle: 'monthly' })
    expect(downgrade.kind).toBe('downgrade')
    await buy(auth, 'pro')
    expect(await planCodeOf(seller.id)).toBe('business')
    setClock('2028-08-08T03:00:00Z')
    await runPlanRenewals(db)
    expect(await planCodeOf(seller.id)).toBe('pro')
    expect((await activePeriod(seller.id))!.periodEnd.toISOString()).toBe('2028-09-08T02:00:00.000Z')
  })
})
