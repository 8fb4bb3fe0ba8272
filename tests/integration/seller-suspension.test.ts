import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { getProductDetail } from '~/features/catalog/catalog-product.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { listAdminOrders } from '~/features/orders/orders-admin.server'
import { changeSellerStatus, getSellerDetail } from '~/features/sellers/seller-admin.server'
import { QUALITY_THRESHOLDS } from '~/features/sellers/seller-admin.schemas'
import { SELLER_SUSPENDED, updateSellerProfile } from '~/features/sellers/sellers.server'
import { createStore as createStoreOp, setStoreStatus } from '~/features/stores/stores.server'
import type { Db } from '~/server/db/client.server'
import {
  auditEvents,
  orderEvents,
  orders,
  outboxMessages,
  productListings,
  sellers,
  users,
} from '~/server/db/schema'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

describe(`seller suspension (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers

  beforeAll(async () => {
    setCatalogCacheEnabled(false)
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
  })
  afterAll(async () => {
    setCatalogCacheEnabled(true)
    await closeAuthTestDatabase()
  })

  /** An approved seller with one store offering two products, listed. */
  async function sellerWithOffers() {
    const owner = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner })
    const store = await createStore(db, { seller })
    const products = [await createProduct(db), await createProduct(db)]
    const skus = []
    for (const product of products) skus.push(await createSku(db, { store, product }))
    await refreshProductListings(
      db,
      products.map((p) => p.id),
    )
    return { owner, seller, store, products, skus }
  }

  const listedIds = async (ids: number[]) =>
    (await db.select().from(productListings)).map((l) => l.productId).filter((id) => ids.includes(id))

  it('only admins may suspend or read a seller’s detail', async () => {
    const { seller } = await sellerWithOffers()
    for (const userId of [roles.buyer.id, roles.approvedSeller.id, roles.observer.id]) {
      const auth = await authOf(db, userId)
      expect(await statusOf(() => getSellerDetail(db, auth, seller.id))).toBe(403)
      expect(
        await statusOf(() =>
          changeSellerStatus(db, auth, { sellerId: seller.id, action: 'suspend', reason: 'x'.repeat(5) }),
        ),
      ).toBe(403)
    }
    expect(await statusOf(() => getSellerDetail(db, null, seller.id))).toBe(401)
    expect((await db.select().from(sellers).where(eq(sellers.id, seller.id)))[0]?.status).toBe('approved')
  })

  it('suspension takes the offers off the listings, refuses the seller’s writes and texts the seller; reinstating restores', async () => {
    const admin = await authOf(db, roles.admin.id)
    const { owner, seller, store, products } = await sellerWithOffers()
    const ids = products.map((p) => p.id)
    expect(await listedIds(ids)).toHaveLength(2)

    await changeSellerStatus(db, admin, {
      sellerId: seller.id,
      action: 'suspend',
      reason: 'Repeated late shipping',
    })
    expect(await listedIds(ids)).toHaveLength(0)
    expect((await listProducts(db, { store: store.slug }, { facets: false })).items).toHaveLength(0)
    expect((await getProductDetail(db, products[0]!.slug))?.offers ?? []).toHaveLength(0)
    const [row] = await db.select().from(sellers).where(eq(sellers.id, seller.id))
    expect(row).toMatchObject({ status: 'suspended', statusReason: 'Repeated late shipping' })
    const texts = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, (await phoneOf(owner.id))!))
    expect(texts.at(-1)?.body).toContain('Repeated late shipping')

    // The seller's next request sees the suspension: writes are refused.
    const suspended = await authOf(db, owner.id)
    expect(
      await statusOf(() => setStoreStatus(db, suspended, { storeId: store.id, status: 'inactive' })),
    ).toBe(403)
    expect(
      await statusOf(() =>
        createStoreOp(db, suspended, {
          name: 'New store',
          slug: `new-store-${seller.id}`,
          description: '',
          city: 'Tehran',
          pickupAddress: '',
          pickupHours: '',
          status: 'active',
        }),
      ),
    ).toBe(403)
    const profileError = await errorOf(() =>
      updateSellerProfile(db, suspended, {
        display_name: 'Renamed',
        phone: row!.phone,
        city: row!.city,
        address: row!.address,
        goods_category: null,
      } as never),
    )
    expect(profileError).toMatchObject({ status: 403, message: SELLER_SUSPENDED() })
    // Suspending twice is a conflict, not a second text.
    expect(
      await statusOf(() =>
        changeSellerStatus(db, admin, { sellerId: seller.id, action: 'suspend', reason: 'again' }),
      ),
    ).toBe(409)

    await changeSellerStatus(db, admin, {
      sellerId: seller.id,
      action: 'reinstate',
      reason: 'Shipping fixed',
    })
    expect(await listedIds(ids)).toHaveLength(2)
    expect((await db.select().from(sellers).where(eq(sellers.id, seller.id)))[0]).toMatchObject({
      status: 'approved',
      statusReason: null,
    })
    const restored = await authOf(db, owner.id)
    expect(await statusOf(() => setStoreStatus(db, restored, { storeId: store.id, status: 'active' }))).toBe(
      200,
    )

    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'seller'), eq(auditEvents.recordId, String(seller.id))))
    const suspend = events.find((e) => e.action === 'seller.suspend')
    expect(suspend).toMatchObject({ actorUserId: roles.admin.id, reason: 'Repeated late shipping' })
    expect(suspend?.changes).toMatchObject({ status: { before: 'approved', after: 'suspended' } })
    expect(events.find((e) => e.action === 'seller.reinstate')?.changes).toMatchObject({
      status: { before: 'suspended', after: 'approved' },
    })
  })

  it('only approved sellers are suspended, and only suspended ones reinstated', async () => {
    const admin = await authOf(db, roles.admin.id)
    const pending = await createSeller(db, { status: 'pending' })
    expect(
      await statusOf(() =>
        changeSellerStatus(db, admin, { sellerId: pending.id, action: 'suspend', reason: 'nope' }),
      ),
    ).toBe(409)
    expect(
      await statusOf(() =>
        changeSellerStatus(db, admin, { sellerId: pending.id, action: 'reinstate', reason: 'nope' }),
      ),
    ).toBe(409)
    expect(
      await statusOf(() =>
        changeSellerStatus(db, admin, { sellerId: 2_000_000_000, action: 'suspend', reason: 'nope' }),
      ),
    ).toBe(404)
  })

  it('the detail shows stores with live offers, orders and the 30-day quality figures with warnings', async () => {
    const admin = await authOf(db, roles.admin.id)
    const { seller, store, skus } = await sellerWithOffers()
    const buyer = await createUser(db)
    const at = Date.now()
    const hoursAgo = (h: number) => new Date(at - h * 3_600_000)
    // Two paid orders: one accepted after 30 hours and shipped after 60 (late), one rejected.
    const made = []
    for (let i = 0; i < 2; i++)
      made.push(
        await createPendingOrder(db, {
          buyer: { id: buyer.id },
          seller,
          lines: [{ sku: skus[0]!, quantity: 1 }],
        }),
      )
    await db
      .update(orders)
      .set({ status: 'shipped', paidAt: hoursAgo(100) })
      .where(eq(orders.id, made[0]!.id))
    await db.insert(orderEvents).values([
      {
        orderId: made[0]!.id,
        fromStatus: 'paid',
        toStatus: 'accepted',
        actorKind: 'seller',
        createdAt: hoursAgo(70),
      },
      {
        orderId: made[0]!.id,
        fromStatus: 'accepted',
        toStatus: 'shipped',
        actorKind: 'seller',
        createdAt: hoursAgo(40),
      },
    ])
    await db
      .update(orders)
      .set({ status: 'rejected', paidAt: hoursAgo(10) })
      .where(eq(orders.id, made[1]!.id))

    const detail = await getSellerDetail(db, admin, seller.id)
    expect(detail.stores).toEqual([expect.objectContaining({ id: store.id, live: 2 })])
    expect(detail.orders.total).toBe(2)
    expect(detail.quality.paidOrders).toBe(2)
    expect(detail.quality.acceptanceHours).toBeCloseTo(30, 1)
    expect(detail.quality.rejectionRate).toBe(0.5)
    expect(detail.quality.cancellationRate).toBe(0)
    expect(detail.quality.lateShippingRate).toBe(1)
    expect(detail.quality.warnings).toEqual({
      acceptanceHours: 30 > QUALITY_THRESHOLDS.acceptanceHours,
      rejectionRate: true,
      cancellationRate: false,
      lateShippingRate: true,
    })
  })

  it('the detail names the plan and lists the seller’s five newest orders, which its orders link lists too', async () => {
    const admin = await authOf(db, roles.admin.id)
    const { seller, skus } = await sellerWithOffers()
    await db.update(sellers).set({ planCode: 'pro' }).where(eq(sellers.id, seller.id))
    const buyer = await createUser(db, { firstName: 'Maryam', lastName: 'Karimi' })
    const made = []
    for (let i = 0; i < 7; i++) {
      const order = await createPendingOrder(db, { buyer, seller, lines: [{ sku: skus[0]!, quantity: 1 }] })
      await db
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2026, 9, 1 + i)) })
        .where(eq(orders.id, order.id))
      made.push(order)
    }
    // Another seller's order is never among them.
    const other = await sellerWithOffers()
    await createPendingOrder(db, {
      buyer,
      seller: other.seller,
      lines: [{ sku: other.skus[0]!, quantity: 1 }],
    })

    const detail = await getSellerDetail(db, admin, seller.id)
    expect(detail.planName).toBe('Pro')
    expect(detail.recentOrders.map((o) => o.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((o) => o.id),
    )
    expect(detail.recentOrders[0]).toMatchObject({ status: 'pending_payment', buyerName: 'Maryam Karimi' })
    const list = await listAdminOrders(db, admin, { seller_id: seller.id, page: 1, per_page: 20 })
    expect(list.total).toBe(detail.orders.total)
    expect(list.items.slice(0, 5).map((o) => o.id)).toEqual(detail.recentOrders.map((o) => o.id))
  })

  async function phoneOf(userId: number) {
    return (await db.select({ phone: users.cellphone }).from(users).where(eq(users.id, userId)))[0]?.phone
  }
})
