import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getCheckout, placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput } from '~/features/checkout/checkout.schemas'
import { vatOn } from '~/features/checkout/checkout-totals'
import { decideSandboxPayment } from '~/features/payments/sandbox-bank.server'
import { runPlusRenewals } from '~/features/plus/plus-renewals.server'
import { joinPlus, plusInvoiceForViewer, plusOverview, plusPurchaseResult } from '~/features/plus/plus.server'
import { renderInvoicePdf } from '~/features/orders/invoice-pdf.server'
import { days, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import {
  orders,
  outboxMessages,
  paymentSessions,
  platformInvoices,
  platformPurchases,
  plusMemberships,
} from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createOffer } from './basket-fixtures'
import { addressOf, createBuyer, failureOf, fillCart, newKey, type Buyer } from './checkout-fixtures'
import { callCallback, sessionIdFromUrl } from './payments-fixtures'

/** Plus membership for buyers (issue #19): joining, the delivery benefit at checkout, renewals. */

const FEE = 500_000
const PRICE = 19_000_000
const T0 = new Date('2026-12-02T08:00:00Z')

describe(`Plus membership (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  /** Joins at the sandbox bank; returns the callback's landing and the callback URL (for a replay). */
  async function join(buyer: Buyer) {
    const { url } = await joinPlus(db, buyer.auth)
    const { url: callbackUrl } = await decideSandboxPayment(db, sessionIdFromUrl(url), {
      decision: 'approve',
    })
    return { callbackUrl, landing: await callCallback(callbackUrl) }
  }

  /** A seller charging FEE for delivery and one offer of it (1,000,000 a unit). */
  async function sellerWithOffer() {
    const seller = await createSeller(db, { deliveryFee: FEE, freeDeliveryThreshold: null })
    const offer = await createOffer(db, { seller, tiers: [{ unitPrice: 1_000_000, minQuantity: 1 }] })
    return { seller, offer }
  }

  async function order(
    buyer: Buyer,
    skuId: number,
    deliveryMethod: 'seller_delivery' | 'pickup' = 'seller_delivery',
  ) {
    const { cartIds } = await fillCart(db, buyer, [{ skuId, quantity: 2 }])
    const address = deliveryMethod === 'seller_delivery' ? await addressOf(db, buyer) : null
    const cartId = [...cartIds.values()][0]!
    const view = await getCheckout(db, buyer.auth, { cartId })
    const placed = await placeOrder(
      db,
      buyer.auth,
      parseInput(placeOrderInput, {
        cartId,
        addressId: address?.id ?? null,
        deliveryMethod,
        idempotencyKey: newKey(),
      }),
    )
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    return { view, order: row! }
  }

  it('the page shows the yearly price from the database to a guest, and a buyer what Plus would have saved', async () => {
    const guest = await plusOverview(db, null)
    expect(guest).toMatchObject({
      name: 'Omdeh Plus',
      yearly_price: PRICE,
      membership: null,
      would_have_saved: null,
    })

    const buyer = await createBuyer(db)
    const { offer } = await sellerWithOffer()
    const { order: paid } = await order(buyer, offer.skuId)
    await order(buyer, offer.skuId) // unpaid: not counted
    await db.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, paid.id))
    const overview = await plusOverview(db, buyer.auth)
    expect(overview.would_have_saved).toEqual({ amount: FEE, orders: 1 })
    expect(overview.membership).toMatchObject({ status: 'none', renews_on: null })
  })

  it('joining through the sandbox bank starts a year, issues a numbered platform invoice, and a replayed callback changes nothing', async () => {
    setClock(T0)
    const buyer = await createBuyer(db)
    const { landing, callbackUrl } = await join(buyer)
    expect(landing.location).toMatch(/^\/omdeh-plus\?purchase=PL-\d+$/)
    const number = new URL(landing.location!, 'http://x').searchParams.get('purchase')!
    expect(await plusPurchaseResult(db, buyer.auth, { membershipNumber: number })).toMatchObject({
      status: 'paid',
      amount: PRICE,
      payment: { status: 'succeeded', refunded: false },
    })
    const rows = await db.select().from(plusMemberships).where(eq(plusMemberships.userId, buyer.userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'active', amountPaid: PRICE })
    expect(rows[0]!.periodEnd.toISOString()).toBe('2027-12-02T08:00:00.000Z')

    const overview = await plusOverview(db, buyer.auth)
    expect(overview.membership).toMatchObject({
      status: 'active',
      renews_on: '2027-12-02T08:00:00.000Z',
      saved_so_far: 0,
    })
    expect(overview.invoices).toHaveLength(1)
    const invoice = overview.invoices[0]!
    expect(invoice.number).toMatch(/^OMD-2026-\d{6}$/)
    expect(invoice.description).toBe('Omdeh Plus membership, 1 year, 2 Dec 2026 to 2 Dec 2027')
    expect(invoice.total).toBe(PRICE)

    // The bank calls back twice: one membership, one invoice, one successful session.
    const replay = await callCallback(callbackUrl)
    expect(replay.location).toBe(landing.location)
    expect(
      await db.select().from(plusMemberships).where(eq(plusMemberships.userId, buyer.userId)),
    ).toHaveLength(1)
    expect(
      await db.select().from(platformInvoices).where(eq(platformInvoices.userId, buyer.userId)),
    ).toHaveLength(1)

    // The invoice is the buyer's alone, and prints what it is for instead of an order and delivery.
    const view = await plusInvoiceForViewer(db, buyer.auth, invoice.id)
    expect(view).toMatchObject({ kind: 'platform', invoice_for: invoice.description, viewer_role: 'buyer' })
    const pdf = Buffer.from(await renderInvoicePdf(view)).toString('latin1')
    expect(pdf).toContain('%PDF')
    const other = await createBuyer(db)
    expect((await failureOf(() => plusInvoiceForViewer(db, other.auth, invoice.id))).status).toBe(404)
    expect(
      (await failureOf(() => plusPurchaseResult(db, other.auth, { membershipNumber: number }))).status,
    ).toBe(404)
    // A member cannot pay the same year twice; renewing opens 30 days before the end.
    expect((await failureOf(() => joinPlus(db, buyer.auth))).message).toBe(
      'You have Omdeh Plus until 2 Dec 2027. You can renew from 2 Nov 2027.',
    )
  })

  it('two join clicks: the first attempt is closed, and money for it is refunded instead of a second year', async () => {
    const buyer = await createBuyer(db)
    const first = await joinPlus(db, buyer.auth)
    const second = await joinPlus(db, buyer.auth)
    const late = await decideSandboxPayment(db, sessionIdFromUrl(first.url), { decision: 'approve' })
    const done = await decideSandboxPayment(db, sessionIdFromUrl(second.url), { decision: 'approve' })
    await callCallback(done.url)
    await callCallback(late.url)
    const purchases = await db
      .select({ status: platformPurchases.status })
      .from(platformPurchases)
      .where(eq(platformPurchases.userId, buyer.userId))
    expect(purchases.map((p) => p.status).sort()).toEqual(['cancelled', 'paid'])
    expect(
      await db.select().from(plusMemberships).where(eq(plusMemberships.userId, buyer.userId)),
    ).toHaveLength(1)
    const [firstSession] = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, sessionIdFromUrl(first.url)))
    expect(firstSession!.status).not.toBe('succeeded')
  })

  it('at checkout a member pays no seller delivery; the order records the fee as paid by the platform; pickup is unaffected', async () => {
    setClock(T0)
    const buyer = await createBuyer(db)
    const { offer } = await sellerWithOffer()
    const before = await order(buyer, offer.skuId)
    expect(before.view.plusMember).toBe(false)
    expect(before.order).toMatchObject({ deliveryFee: FEE, deliveryPaidByPlatform: 0 })

    await join(buyer)
    const member = await order(buyer, offer.skuId)
    expect(member.view.plusMember).toBe(true)
    const goods = 2_000_000
    expect(member.order).toMatchObject({
      subtotal: goods,
      deliveryFee: 0,
      deliveryPaidByPlatform: FEE,
      vat: vatOn(goods, 10),
      total: goods + vatOn(goods, 10),
    })
    expect(before.order.total - member.order.total).toBe(FEE + vatOn(FEE, 10))

    const pickup = await order(buyer, offer.skuId, 'pickup')
    expect(pickup.order).toMatchObject({ deliveryFee: 0, deliveryPaidByPlatform: 0 })

    // Savings so far count paid orders only.
    await db.update(orders).set({ status: 'paid', paidAt: T0 }).where(eq(orders.id, member.order.id))
    expect((await plusOverview(db, buyer.auth)).membership).toMatchObject({
      saved_so_far: FEE,
      orders_with_benefit: 1,
    })
  })

  it('after the year ends new orders pay delivery again, orders placed before keep the benefit, and the SMS says so', async () => {
    setClock(T0)
    const buyer = await createBuyer(db)
    const { offer } = await sellerWithOffer()
    await join(buyer)
    const inside = await order(buyer, offer.skuId)
    expect(inside.order.deliveryPaidByPlatform).toBe(FEE)

    // One minute after the end, before the schedule has even run: no benefit.
    setClock(new Date('2027-12-02T08:01:00Z'))
    const after = await order(buyer, offer.skuId)
    expect(after.view.plusMember).toBe(false)
    expect(after.order).toMatchObject({ deliveryFee: FEE, deliveryPaidByPlatform: 0 })
    const [kept] = await db.select().from(orders).where(eq(orders.id, inside.order.id))
    expect(kept!.deliveryPaidByPlatform).toBe(FEE)

    await runPlusRenewals(db)
    const [row] = await db.select().from(plusMemberships).where(eq(plusMemberships.userId, buyer.userId))
    expect(row!.status).toBe('ended')
    expect((await plusOverview(db, buyer.auth)).membership?.status).toBe('none')
    const sms = await db.select().from(outboxMessages).where(eq(outboxMessages.to, buyer.auth.user.cellphone))
    expect(sms.map((m) => m.body)).toContain(
      'Omdeh Plus: your membership ended on 2 Dec 2027. Seller delivery is charged again on new orders; join again at /omdeh-plus.',
    )
  })

  it('reminds 7 days and 1 day before the end, once each, and not when the renewal is paid', async () => {
    setClock(T0)
    const buyer = await createBuyer(db)
    await join(buyer)
    const smsOf = async () =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.to, buyer.auth.user.cellphone))).map(
        (m) => m.body,
      )

    setClock(new Date(T0.getTime() + days(365 - 8)))
    await runPlusRenewals(db)
    expect(await smsOf()).toEqual([])
    setClock(new Date(T0.getTime() + days(365 - 6)))
    await runPlusRenewals(db)
    await runPlusRenewals(db)
    expect(await smsOf()).toEqual([
      'Omdeh Plus: your membership ends on 2 Dec 2027. Renew at /omdeh-plus to keep free seller delivery.',
    ])
    setClock(new Date(T0.getTime() + days(365) - days(1) + 60_000))
    await runPlusRenewals(db)
    expect(await smsOf()).toHaveLength(2)
    expect((await smsOf())[1]).toContain('(tomorrow)')

    // A second buyer renews ahead: no reminder, and the next year starts where the first ends.
    setClock(T0)
    const renewer = await createBuyer(db)
    await join(renewer)
    setClock(new Date(T0.getTime() + days(365 - 10)))
    expect((await plusOverview(db, renewer.auth)).membership?.can_renew).toBe(true)
    await join(renewer)
    const years = await db
      .select()
      .from(plusMemberships)
      .where(and(eq(plusMemberships.userId, renewer.userId)))
      .orderBy(plusMemberships.periodStart)
    expect(years.map((y) => y.status)).toEqual(['active', 'scheduled'])
    expect(years[1]!.periodStart.toISOString()).toBe(years[0]!.periodEnd.toISOString())
    setClock(new Date(T0.getTime() + days(365 - 3)))
    await runPlusRenewals(db)
    expect(
      await db.select().from(outboxMessages).where(eq(outboxMessages.to, renewer.auth.user.cellphone)),
    ).toEqual([])
    setClock(new Date(T0.getTime() + days(366)))
    await runPlusRenewals(db)
    const after = await db
      .select()
      .from(plusMemberships)
      .where(eq(plusMemberships.userId, renewer.userId))
      .orderBy(plusMemberships.periodStart)
    expect(after.map((y) => y.status)).toEqual(['ended', 'active'])
    expect((await plusOverview(db, renewer.auth)).membership).toMatchObject({
      status: 'active',
      member_since: T0.toISOString(),
    })
  })
})
