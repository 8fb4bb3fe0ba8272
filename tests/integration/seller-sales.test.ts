import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getSellerSales } from '~/features/orders/seller-sales.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { orderLines, orders } from '~/server/db/schema'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

/** /seller's charts: sales per day, orders per status and top SKUs equal sums taken from the tables here. */

let db: Db
beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

describe('the seller dashboard charts', () => {
  it('count only the seller’s own orders, leave rejected and cancelled ones out of sales, and rank SKUs', async () => {
    setClock('2026-11-20T08:00:00Z')
    const seller = await createSeller(db, { status: 'approved' })
    const other = await createSeller(db, { status: 'approved' })
    const store = await createStore(db, { seller })
    const tea = await createSku(db, { store, product: await createProduct(db), remainingQuantity: 1000 })
    const rice = await createSku(db, { store, product: await createProduct(db), remainingQuantity: 1000 })
    const buyer = await createUser(db)
    const place = async (
      sku: typeof tea,
      quantity: number,
      status: 'paid' | 'cancelled' | 'pending_payment',
      at: string,
      owner = seller,
    ) => {
      const order = await createPendingOrder(db, {
        buyer,
        seller: owner,
        lines: [
          {
            sku:
              owner === seller
                ? sku
                : await createSku(db, { store: await createStore(db, { seller: owner }) }),
            quantity,
          },
        ],
      })
      await db
        .update(orders)
        .set({ status, paidAt: status === 'pending_payment' ? null : new Date(at), createdAt: new Date(at) })
        .where(eq(orders.id, order.id))
      return order
    }
    await place(tea, 10, 'paid', '2026-11-20T05:00:00Z')
    await place(rice, 3, 'paid', '2026-11-18T05:00:00Z')
    await place(rice, 2, 'paid', '2026-11-18T09:00:00Z')
    await place(tea, 50, 'cancelled', '2026-11-19T05:00:00Z')
    await place(tea, 4, 'pending_payment', '2026-11-19T06:00:00Z')
    await place(tea, 7, 'paid', '2026-11-19T07:00:00Z', other)
    await place(tea, 1, 'paid', '2026-09-01T07:00:00Z')

    const sales = await getSellerSales(db, await authOf(db, seller.owner.id), { days: 30 })
    const start = new Date('2026-10-22T00:00:00Z')
    const mine = (await db.select().from(orders).where(eq(orders.sellerId, seller.id))).filter(
      (o) => o.createdAt >= start,
    )
    const sold = mine.filter((o) => o.paidAt && o.status !== 'cancelled' && o.status !== 'rejected')
    expect(sales.series.reduce((s, d) => s + d.sales, 0)).toBe(sold.reduce((s, o) => s + o.total, 0))
    expect(sales.series.find((d) => d.day === '2026-11-18')!.orders).toBe(2)
    expect(sales.series.find((d) => d.day === '2026-11-19')!.sales).toBe(0)
    expect(Object.fromEntries(sales.by_status.map((s) => [s.status, s.count]))).toEqual({
      paid: 3,
      cancelled: 1,
      pending_payment: 1,
    })
    expect(sales.top_by_units.map((r) => [r.sku, r.units])).toEqual([
      [tea.sku, 10],
      [rice.sku, 5],
    ])
    const lines = await db.select().from(orderLines)
    const soldIds = new Set(sold.map((o) => o.id))
    const revenueOf = (sku: string) =>
      lines.filter((l) => l.sku === sku && soldIds.has(l.orderId)).reduce((s, l) => s + l.lineTotal, 0)
    for (const row of sales.top_by_revenue) expect(row.revenue).toBe(revenueOf(row.sku))
    expect(
      (await getSellerSales(db, await authOf(db, seller.owner.id), { days: 90 })).top_by_units[0],
    ).toMatchObject({ sku: tea.sku, units: 11 })
    // A buyer has no seller dashboard.
    expect(await statusOf(async () => getSellerSales(db, await authOf(db, buyer.id), { days: 30 }))).toBe(403)
    setClock(null)
  })
})
