import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  orderLineCommission,
  platformTotals,
  postOrderRefund,
  postPayoutCreated,
  postPayoutFailed,
  postPayoutPaid,
  postPlatformPurchasePaid,
  releaseHeldOrders,
  sellerBalances,
  sellerStatement,
  setCommissionRate,
} from '~/features/ledger/index.server'
import { days, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, plans } from '~/server/db/schema'
import {
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'
import { ledgerTotal, moveOrder, paidPath, pendingOrder, unbalancedEntries } from './ledger-fixtures'

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  const handle = await createTestDatabase()
  db = handle.db
  close = handle.close
})
afterAll(async () => {
  setClock(null)
  await close()
})
const start = Date.parse('2026-03-02T09:00:00Z')
beforeEach(() => setClock(start))

// The factory's default order: 2 units at 1,000,000 IRR, 10 % VAT: P = 2,200,000. At the default
// 5 % on the 2,000,000 of goods, the commission is 100,000 and its VAT 10,000.
const P = 2_200_000
const C = 100_000
const T = 10_000

const zeroBalances = { pending: 0, available: 0, inTransit: 0, paidOut: 0, negative: 0 }

describe(`the ledger follows an order's money (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('an order paid: clearing, the seller pending, commission and its VAT; the commission kept on the line', async () => {
    const before = await platformTotals(db)
    const order = await pendingOrder(db)
    await moveOrder(db, order.id, ['paid'])

    expect(await sellerBalances(db, order.sellerId)).toEqual({ ...zeroBalances, pending: P - C - T })
    const after = await platformTotals(db)
    expect(after.gateway_clearing - before.gateway_clearing).toBe(P)
    expect(after.commission_revenue - before.commission_revenue).toBe(-C)
    expect(after.vat_payable - before.vat_payable).toBe(-T)
    expect(await orderLineCommission(db, order.id)).toEqual([
      { orderLineId: order.lines[0]!.id, rateBp: 500, amount: C, vat: T },
    ])
    const { lines } = await sellerStatement(db, order.sellerId)
    expect(lines).toMatchObject([
      {
        account: 'seller_pending',
        amount: P - C - T,
        entryKind: 'order_paid',
        referenceId: String(order.id),
      },
    ])
  })

  it('completion makes the seller share available', async () => {
    const order = await pendingOrder(db)
    await moveOrder(db, order.id, paidPath.slice(0, 4))
    expect((await sellerBalances(db, order.sellerId)).pending).toBe(P - C - T)
    await moveOrder(db, order.id, ['completed'])
    expect(await sellerBalances(db, order.sellerId)).toEqual({ ...zeroBalances, available: P - C - T })
  })

  it('a delivered order is released by the hourly job after the holding days, once', async () => {
    const order = await pendingOrder(db)
    await moveOrder(db, order.id, paidPath.slice(0, 4))
    setClock(start + days(7) - 60_000)
    expect(await releaseHeldOrders(db)).toBe(0)
    expect((await sellerBalances(db, order.sellerId)).available).toBe(0)
    setClock(start + days(7) + 60_000)
    expect(await releaseHeldOrders(db)).toBe(1)
    expect(await sellerBalances(db, order.sellerId)).toEqual({ ...zeroBalances, available: P - C - T })
    expect(await releaseHeldOrders(db)).toBe(0)
    // Completing it later moves nothing more.
    await moveOrder(db, order.id, ['completed'])
    expect(await sellerBalances(db, order.sellerId)).toEqual({ ...zeroBalances, available: P - C - T })
  })

  it('a paid order cancelled gives everything back: the seller, commission and VAT all at zero', async () => {
    const before = await platformTotals(db)
    const order = await pendingOrder(db)
    await moveOrder(db, order.id, ['paid', 'accepted', 'cancelled'])
    expect(await sellerBalances(db, order.sellerId)).toEqual(zeroBalances)
    const after = await platformTotals(db)
    expect(after.gateway_clearing).toBe(before.gateway_clearing)
    expect(after.commission_revenue).toBe(before.commission_revenue)
    expect(after.vat_payable).toBe(before.vat_payable)
  })

  it('a partial refund before release reverses in proportion; the rest refunded leaves nothing', async () => {
    const order = await pendingOrder(db)
    await moveOrder(db, order.id, ['paid'])
    const before = await platformTotals(db)
    await db.transaction((tx) =>
      postOrderRefund(tx, { orderId: order.id, amount: P / 4, idempotencyKey: `partial-${order.id}` }),
    )
    const after = await platformTotals(db)
    expect(after.commission_revenue - before.commission_revenue).toBe(C / 4)
    expect(after.vat_payable - before.vat_payable).toBe(T / 4)
    expect((await sellerBalances(db, order.sellerId)).pending).toBe(((P - C - T) * 3) / 4)
    // More than what is left is refused.
    await expect(
      db.transaction((tx) =>
        postOrderRefund(tx, { orderId: order.id, amount: P, idempotencyKey: `too-much-${order.id}` }),
      ),
    ).rejects.toThrow(/exceed/)
    await moveOrder(db, order.id, ['rejected'])
    expect(await sellerBalances(db, order.sellerId)).toEqual(zeroBalances)
  })

  it('a refund after release and payout leaves the seller negative, recovered from later orders', async () => {
    const seller = await createSeller(db)
    const order = await pendingOrder(db, { seller })
    await moveOrder(db, order.id, paidPath)
    const share = P - C - T
    await db.transaction((tx) =>
      postPayoutCreated(tx, { payoutId: `p-${order.id}`, sellerId: seller.id, amount: share }),
    )
    expect(await sellerBalances(db, seller.id)).toEqual({ ...zeroBalances, inTransit: share })
    await db.transaction((tx) => postPayoutPaid(tx, { payoutId: `p-${order.id}`, sellerId: seller.id }))
    expect(await sellerBalances(db, seller.id)).toEqual({ ...zeroBalances, paidOut: share })

    await db.transaction((tx) =>
      postOrderRefund(tx, { orderId: order.id, amount: P, idempotencyKey: `after-payout-${order.id}` }),
    )
    expect(await sellerBalances(db, seller.id)).toEqual({
      ...zeroBalances,
      available: -share,
      paidOut: share,
      negative: share,
    })
    // A payout is refused while nothing is available; the next completed order pays the debt first.
    await expect(
      db.transaction((tx) =>
        postPayoutCreated(tx, { payoutId: `q-${order.id}`, sellerId: seller.id, amount: 1 }),
      ),
    ).rejects.toThrow(/more than/)
    const next = await pendingOrder(db, { seller })
    await moveOrder(db, next.id, paidPath)
    expect(await sellerBalances(db, seller.id)).toMatchObject({ available: 0, negative: 0 })
  })

  it('a Plus order: the platform pays the seller delivery, and a cancellation takes it back', async () => {
    const subsidy = 150_000
    const before = await platformTotals(db)
    const order = await pendingOrder(db, { subsidy })
    await moveOrder(db, order.id, ['paid'])
    expect((await sellerBalances(db, order.sellerId)).pending).toBe(P + subsidy - C - T)
    expect((await platformTotals(db)).delivery_subsidy - before.delivery_subsidy).toBe(subsidy)
    await moveOrder(db, order.id, ['cancelled'])
    expect(await sellerBalances(db, order.sellerId)).toEqual(zeroBalances)
    expect((await platformTotals(db)).delivery_subsidy).toBe(before.delivery_subsidy)
  })

  it('a failed payout gives the money back to available; payouts and purchases replay to nothing', async () => {
    const order = await pendingOrder(db)
    await moveOrder(db, order.id, paidPath)
    const share = P - C - T
    const payout = { payoutId: `f-${order.id}`, sellerId: order.sellerId }
    await expect(
      db.transaction((tx) => postPayoutCreated(tx, { ...payout, amount: share + 1 })),
    ).rejects.toThrow(/more than/)
    const created = await db.transaction((tx) => postPayoutCreated(tx, { ...payout, amount: share }))
    const replay = await db.transaction((tx) => postPayoutCreated(tx, { ...payout, amount: share }))
    expect(replay).toMatchObject({ id: created!.id, replayed: true })
    await db.transaction((tx) => postPayoutFailed(tx, payout))
    await db.transaction((tx) => postPayoutFailed(tx, payout))
    await expect(db.transaction((tx) => postPayoutPaid(tx, payout))).rejects.toThrow(/already failed/)
    expect(await sellerBalances(db, order.sellerId)).toEqual({ ...zeroBalances, available: share })

    const buyer = await createUser(db)
    const before = await platformTotals(db)
    for (let i = 0; i < 2; i++)
      await db.transaction((tx) =>
        postPlatformPurchasePaid(tx, { purchaseId: 900_000 + buyer.id, amount: 4_900_000 }),
      )
    const after = await platformTotals(db)
    expect(after.platform_sales - before.platform_sales).toBe(-4_900_000)
    expect(after.gateway_clearing - before.gateway_clearing).toBe(4_900_000)
  })

  it('commission by category (nearest ancestor), less the plan discount; a later rate change leaves paid orders', async () => {
    const parent = await createCategory(db)
    const child = await createCategory(db, { parent })
    const admin = await createUser(db, { isAdmin: true })
    await db.transaction((tx) =>
      setCommissionRate(tx, { categoryId: parent.id, rateBp: 1200, actorUserId: admin.id }),
    )
    await db.update(plans).set({ commissionDiscountBp: 200 }).where(eq(plans.slug, 'business'))
    try {
      const seller = await createSeller(db)
      const store = await createStore(db, { seller })
      const sku = await createSku(db, { store, product: await createProduct(db, { category: child }) })
      const order = await pendingOrder(db, { seller, lines: [{ sku, quantity: 3, unitPrice: 500_000 }] })
      await moveOrder(db, order.id, ['paid'])
      // 10 % (12 % less 2 %) of 1,500,000.
      expect(await orderLineCommission(db, order.id)).toMatchObject([
        { rateBp: 1000, amount: 150_000, vat: 15_000 },
      ])
      await db.transaction((tx) =>
        setCommissionRate(tx, { categoryId: parent.id, rateBp: 300, actorUserId: admin.id }),
      )
      expect(await orderLineCommission(db, order.id)).toMatchObject([{ rateBp: 1000, amount: 150_000 }])
      const audits = await db.select().from(auditEvents).where(eq(auditEvents.action, 'commission_rate.set'))
      expect(audits.length).toBeGreaterThanOrEqual(2)
    } finally {
      await db.update(plans).set({ commissionDiscountBp: 0 }).where(eq(plans.slug, 'business'))
    }
  })

  it("a seller's statement pages newest first with a cursor, filters by kind and by Tehran day", async () => {
    const seller = await createSeller(db)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      setClock(start + i * 60_000)
      const order = await pendingOrder(db, { seller })
      await moveOrder(db, order.id, ['paid'])
      ids.push(order.id)
    }
    await moveOrder(db, ids[0]!, ['cancelled'])
    const first = await sellerStatement(db, seller.id, { limit: 2 })
    expect(first.lines.map((l) => [l.entryKind, Number(l.referenceId)])).toEqual([
      ['order_refund', ids[0]],
      ['order_paid', ids[2]],
    ])
    expect(first.lines[0]!.amount).toBe(-(P - C - T))
    const second = await sellerStatement(db, seller.id, { limit: 2, cursor: first.next })
    expect(second.lines.map((l) => Number(l.referenceId))).toEqual([ids[1], ids[0]])
    expect(second.next).toBeNull()
    const refunds = await sellerStatement(db, seller.id, { kind: 'order_refund' })
    expect(refunds.lines).toHaveLength(1)
    // 09:00 UTC on 2 March is 12:30 in Tehran, the same calendar day.
    expect(
      (await sellerStatement(db, seller.id, { from: '2026-03-02', to: '2026-03-02' })).lines,
    ).toHaveLength(4)
    expect((await sellerStatement(db, seller.id, { from: '2026-03-03' })).lines).toHaveLength(0)
  })

  it('every entry so far sums to zero, and so does the whole ledger', async () => {
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await ledgerTotal(db)).toBe(0)
  })
})
