import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  commissionRatesView,
  financeOverview,
  reconcile,
  setPlanDiscount,
  setRate,
} from '~/features/finance-admin/index.server'
import { commissionRateInput, planDiscountInput, reconciliationInput } from '~/features/finance-admin'
import { orderLineCommission, postEntry, postPlatformPurchasePaid } from '~/features/ledger/index.server'
import { getInvoiceForViewer } from '~/features/orders/invoices.server'
import { getBuyerOrder, getSellerOrder } from '~/features/orders/orders-read.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, commissionRates, paymentSessions, plans } from '~/server/db/schema'
import { createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { moveOrder, pendingOrder } from './ledger-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

// The factory's default order: 2 units at 1,000,000 IRR, 10 % VAT: P = 2,200,000; at the default
// 5 % on the 2,000,000 of goods the commission is 100,000 and its VAT 10,000.
const P = 2_200_000
const C = 100_000
const T = 10_000

let db: Db
let admin: AuthContext
let sellerAuth: AuthContext
let buyerAuth: AuthContext
let seller: Awaited<ReturnType<typeof createSeller>>
let buyer: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  setClock('2031-05-10T08:00:00Z')
  ;({ db } = await openAuthTestDatabase())
  seller = await createSeller(db)
  buyer = await createUser(db)
  ;[admin, sellerAuth, buyerAuth] = await Promise.all([
    authOf(db, (await createUser(db, { isAdmin: true })).id),
    authOf(db, seller.owner.id),
    authOf(db, buyer.id),
  ])
})
afterAll(async () => {
  setClock(null)
  await closeAuthTestDatabase()
})

/** A verified payment session, as the payment callback leaves it. */
async function verifiedSession(
  id: string,
  input: { orderId: number; amount: number; at: string; duplicate?: boolean },
) {
  await db.insert(paymentSessions).values({
    id,
    orderId: input.orderId,
    provider: 'sandbox',
    amount: input.amount,
    currency: 'IRR',
    status: input.duplicate ? 'failed' : 'succeeded',
    failureReason: input.duplicate ? 'duplicate_payment' : null,
    expiresAt: new Date(input.at),
    completedAt: new Date(input.at),
  })
}

describe(`/admin/finance reads the ledger (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let paidOrder: Awaited<ReturnType<typeof pendingOrder>>

  it('reconciliation: a clean day is clean; a verified session without a ledger entry is named', async () => {
    // 10 May (Tehran): an order paid through a session, and a second payment of it that the
    // payments feature gives back, recorded against the session itself.
    setClock('2031-05-10T08:00:00Z')
    paidOrder = await pendingOrder(db, { seller, buyer })
    await moveOrder(db, paidOrder.id, ['paid'])
    await verifiedSession('fa-clean', { orderId: paidOrder.id, amount: P, at: '2031-05-10T08:00:00Z' })
    await verifiedSession('fa-dup', {
      orderId: paidOrder.id,
      amount: P,
      at: '2031-05-10T08:05:00Z',
      duplicate: true,
    })
    setClock('2031-05-10T08:05:00Z')
    await db.transaction((tx) =>
      postEntry(tx, {
        kind: 'adjustment',
        reference: { type: 'payment_session', id: 'fa-dup' },
        idempotencyKey: 'payment_session:fa-dup:received',
        lines: [
          { account: { kind: 'gateway_clearing' }, amount: P },
          { account: { kind: 'refunds_payable' }, amount: -P },
        ],
      }),
    )
    // 11 May: money verified for an order the ledger never saw paid.
    const lost = await pendingOrder(db, { seller, buyer })
    await verifiedSession('fa-lost', { orderId: lost.id, amount: P, at: '2031-05-11T09:00:00Z' })

    setClock('2031-05-12T09:00:00Z')
    const report = await reconcile(db, admin, { from: '2031-05-09', to: '2031-05-12' })
    expect(report.days.map((d) => [d.day, d.verified, d.ledger, d.difference])).toEqual([
      ['2031-05-09', 0, 0, 0],
      ['2031-05-10', 2 * P, 2 * P, 0],
      ['2031-05-11', P, 0, P],
      ['2031-05-12', 0, 0, 0],
    ])
    expect(report.unaccounted).toMatchObject([
      { sessionId: 'fa-lost', amount: P, accounted: 0, orderId: lost.id, orderNumber: lost.number },
    ])
    expect(report.unaccountedTotal).toBe(1)
    // The default range: the last 30 Tehran days, today included.
    const byDefault = await reconcile(db, admin, {})
    expect(byDefault.days).toHaveLength(30)
    expect(byDefault.to).toBe('2031-05-12')
    // Bounded: at most 92 days, and in order.
    expect(await statusOf(() => reconcile(db, admin, { from: '2031-01-01', to: '2031-05-12' }))).toBe(422)
    expect(await statusOf(() => reconcile(db, admin, { from: '2031-05-12', to: '2031-05-01' }))).toBe(422)
    expect(v.safeParse(reconciliationInput, { from: '2031-02-30' }).success).toBe(false)
  })

  it("the month's commission, VAT and platform sales are the entries posted; the totals are the balances", async () => {
    setClock('2031-05-20T09:00:00Z')
    await db.transaction((tx) => postPlatformPurchasePaid(tx, { purchaseId: 990_001, amount: 500_000 }))
    const overview = await financeOverview(db, admin)
    expect(overview.months).toHaveLength(12)
    expect(overview.months.at(-1)).toEqual({
      month: '2031-05',
      commission: C,
      commissionVat: T,
      platformSales: 500_000,
    })
    expect(overview.months.at(-2)).toMatchObject({ month: '2031-04', commission: 0 })
    expect(overview).toMatchObject({
      sellersPending: P - C - T,
      sellersAvailable: 0,
      sellersNegative: 0,
      payoutsInTransit: 0,
      // The order, the refunded second payment (not yet paid back) and the plan.
      gatewayClearing: P + P + 500_000,
    })
  })

  it('the seller sees commission, its VAT and their share on the paid order; the buyer never does', async () => {
    const unpaid = await pendingOrder(db, { seller, buyer })
    expect((await getSellerOrder(db, sellerAuth, unpaid.id)).commission).toBeNull()

    const mine = await getSellerOrder(db, sellerAuth, paidOrder.id)
    expect(mine.commission).toEqual({ commission: C, vat: T, net: P - C - T })

    const theirs = await getBuyerOrder(db, buyerAuth, paidOrder.id)
    expect('commission' in theirs).toBe(false)
    expect(JSON.stringify(theirs)).not.toMatch(/commission/i)
    expect(theirs.lines.some((line) => 'commission_amount' in line)).toBe(false)
    // The buyer's invoice is the seller's sales invoice to the buyer: no platform commission on it.
    const invoice = await getInvoiceForViewer(db, buyerAuth, mine.invoice!.id)
    expect(JSON.stringify(invoice)).not.toMatch(/commission/i)
    expect(JSON.stringify(invoice)).not.toContain(String(P - C - T))
  })

  it('rate changes are audited and apply only to orders paid afterwards', async () => {
    const before = await pendingOrder(db, { seller, buyer })
    await moveOrder(db, before.id, ['paid'])
    const after = await pendingOrder(db, { seller, buyer })
    try {
      await setRate(db, admin, { category_id: null, rate_bp: 800 })
      await setPlanDiscount(db, admin, {
        plan_id: (
          await db
            .select()
            .from(plans)
            .where(eq(plans.slug, seller.planCode ?? 'free'))
        )[0]!.id,
        discount_bp: 100,
      })
      await moveOrder(db, after.id, ['paid'])
      expect(await orderLineCommission(db, before.id)).toMatchObject([{ rateBp: 500, amount: C }])
      // 8 % less the plan's 1 % of 2,000,000.
      expect(await orderLineCommission(db, after.id)).toMatchObject([{ rateBp: 700, amount: 140_000 }])
      const audits = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'commission_rate.set'), eq(auditEvents.recordId, 'default')))
      expect(audits.at(-1)).toMatchObject({ actorUserId: admin.user.id })
      const discountAudit = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'plan.commission_discount'))
      expect(discountAudit).toHaveLength(1)
      const view = await commissionRatesView(db, admin)
      expect(view.defaultBp).toBe(800)
      expect(view.plans.find((p) => p.slug === (seller.planCode ?? 'free'))?.discountBp).toBe(100)
      expect(await statusOf(() => setRate(db, admin, { category_id: 2_000_000_000, rate_bp: 100 }))).toBe(404)
      // 0 to 50 %.
      expect(v.safeParse(commissionRateInput, { category_id: null, rate_bp: 5001 }).success).toBe(false)
      expect(v.safeParse(commissionRateInput, { category_id: null, rate_bp: -1 }).success).toBe(false)
      expect(v.safeParse(planDiscountInput, { plan_id: 1, discount_bp: 5001 }).success).toBe(false)
    } finally {
      await db.update(commissionRates).set({ rateBp: 500 }).where(eq(commissionRates.rateBp, 800))
      await db.update(plans).set({ commissionDiscountBp: 0 })
    }
  })

  it('non-admins are refused every finance operation', async () => {
    const calls = (auth: AuthContext | null) => [
      () => financeOverview(db, auth),
      () => reconcile(db, auth, {}),
      () => commissionRatesView(db, auth),
      () => setRate(db, auth, { category_id: null, rate_bp: 0 }),
      () => setPlanDiscount(db, auth, { plan_id: 1, discount_bp: 0 }),
    ]
    for (const call of calls(null)) expect(await statusOf(call)).toBe(401)
    for (const auth of [sellerAuth, buyerAuth])
      for (const call of calls(auth)) expect(await statusOf(call)).toBe(403)
    const [rate] = await db.select().from(commissionRates).where(eq(commissionRates.rateBp, 0))
    expect(rate).toBeUndefined()
  })
})
