import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getAnalyticsOverview, routeOf } from '~/features/admin/admin-analytics.server'
import { listAuditEvents } from '~/features/admin/admin-audit.server'
import { getAdminDashboard } from '~/features/admin/admin-dashboard.server'
import {
  blockUser,
  CANNOT_BLOCK_YOURSELF,
  endUserSessions,
  getUserDetail,
  listUsers,
  unblockUser,
} from '~/features/admin/admin-users.server'
import { saveFaqEntry } from '~/features/content/content.server'
import { actOnOrderAsAdmin, listAdminOrders } from '~/features/orders/orders-admin.server'
import { decideSellerApplication, listSellerApplications } from '~/features/sellers/sellers.server'
import { assignTicketToSelf } from '~/features/tickets/tickets-admin.server'
import { Route as passwordRoute } from '~/routes/api/auth/password'
import { Route as refreshRoute } from '~/routes/api/auth/refresh-token'
import { Route as profileRoute } from '~/routes/api/user/profile'
import type { AuthContext } from '~/server/auth/session.server'
import { hashPassword } from '~/server/auth/password.server'
import { accountBlockedMessage } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import {
  analyticsEvents,
  auditEvents,
  categories,
  orderLines,
  orders,
  products,
  sellers,
  sessions,
  tickets,
  users,
} from '~/server/db/schema'
import {
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import {
  apiRequest,
  closeAuthTestDatabase,
  freshIp,
  openAuthTestDatabase,
  routeHandler,
  sessionCookiesFrom,
} from './auth-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

/**
 * Issue #20 part A: the back office's operations. Figures are checked against sums computed here
 * from the tables themselves; blocking is checked through the real sign-in and profile endpoints.
 */

const profile = routeHandler(profileRoute, 'GET')
const passwordSignIn = routeHandler(passwordRoute, 'POST')
const refresh = routeHandler(refreshRoute, 'POST')
const PASSWORD = 'Correct-horse-9'

let db: Db
let admin: AuthContext
let buyerAuth: AuthContext

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
  admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
  buyerAuth = await authOf(db, (await createUser(db)).id)
})
afterAll(closeAuthTestDatabase)
beforeEach(() => setClock('2026-11-20T08:00:00Z'))

async function signInWithPassword(phone: string) {
  return passwordSignIn({
    request: apiRequest('/api/auth/password', { body: { phone, password: PASSWORD }, ip: freshIp() }),
  })
}

async function signedInBuyer() {
  const user = await createUser(db, { passwordHash: await hashPassword(PASSWORD), firstName: 'Sara' })
  const response = await signInWithPassword(user.cellphone)
  expect(response.status).toBe(200)
  return { user, cookies: sessionCookiesFrom(response) }
}

const me = (cookies: Record<string, string>) =>
  profile({ request: apiRequest('/api/user/profile', { cookies }) })

describe('every back-office operation refuses non-admins', () => {
  it('answers 403 to a buyer and 401 to nobody', async () => {
    const calls: Array<(auth: AuthContext | null) => Promise<unknown>> = [
      (auth) => getAdminDashboard(db, auth, { days: 30 }),
      (auth) => listUsers(db, auth, {}),
      (auth) => getUserDetail(db, auth, { account_id: admin.user.id }),
      (auth) => blockUser(db, auth, { account_id: admin.user.id, reason: 'no reason at all' }),
      (auth) => unblockUser(db, auth, { account_id: admin.user.id, reason: 'no reason at all' }),
      (auth) => endUserSessions(db, auth, { account_id: admin.user.id }),
      (auth) => listAuditEvents(db, auth, {}),
      (auth) => getAnalyticsOverview(db, auth, { days: 30 }),
    ]
    for (const call of calls) {
      expect(await statusOf(() => call(buyerAuth))).toBe(403)
      expect(await statusOf(() => call(null))).toBe(401)
    }
    // Nothing was blocked or signed out by the refused calls.
    const [row] = await db.select().from(users).where(eq(users.id, admin.user.id))
    expect(row!.blockedAt).toBeNull()
  })
})

describe('blocking a user', () => {
  it('ends the open session at once, refuses sign-in with a clear message, and is audited', async () => {
    const { user, cookies } = await signedInBuyer()
    expect((await me(cookies)).status).toBe(200)

    await blockUser(db, admin, { account_id: user.id, reason: 'Fraudulent orders' })

    // The browser that was signed in is nobody now, and its refresh token no longer works.
    expect((await me(cookies)).status).toBe(401)
    const rotated = await refresh({
      request: apiRequest('/api/auth/refresh-token', { method: 'POST', cookies }),
    })
    expect(rotated.status).toBe(401)
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)))
    expect(live.every((s) => s.revokedAt !== null)).toBe(true)

    // Signing in again is refused with a message the user can act on.
    const again = await signInWithPassword(user.cellphone)
    expect(again.status).toBe(403)
    expect(JSON.stringify(await again.json())).toContain(accountBlockedMessage())

    const detail = await getUserDetail(db, admin, { account_id: user.id })
    expect(detail).toMatchObject({ blocked: true, blocked_reason: 'Fraudulent orders', sessions: [] })

    await unblockUser(db, admin, { account_id: user.id, reason: 'Cleared by support' })
    expect((await signInWithPassword(user.cellphone)).status).toBe(200)

    const audit = await listAuditEvents(db, admin, { record_type: 'user', record: String(user.id) })
    expect(audit.items.map((e) => e.action)).toEqual(['user.unblock', 'user.block'])
    const [unblock, block] = audit.items
    expect(block!.actor?.id).toBe(admin.user.id)
    expect(block!.reason).toBe('Fraudulent orders')
    expect(block!.changes).toEqual(
      expect.arrayContaining([
        { field: 'blocked', before: 'false', after: 'true' },
        { field: 'blocked_reason', before: null, after: 'Fraudulent orders' },
        { field: 'live_sessions', before: '1', after: '0' },
      ]),
    )
    expect(unblock!.changes).toEqual(
      expect.arrayContaining([{ field: 'blocked', before: 'true', after: 'false' }]),
    )
    expect(unblock!.reason).toBe('Cleared by support')
  })

  it('will not let an administrator block themself, nor block twice', async () => {
    const error = await errorOf(() =>
      blockUser(db, admin, { account_id: admin.user.id, reason: 'oops mine' }),
    )
    expect(error.status).toBe(422)
    expect(error.message).toContain(CANNOT_BLOCK_YOURSELF())
    const { user } = await signedInBuyer()
    await blockUser(db, admin, { account_id: user.id, reason: 'Spam tickets' })
    expect(await statusOf(() => blockUser(db, admin, { account_id: user.id, reason: 'Spam tickets' }))).toBe(
      409,
    )
    expect(await statusOf(() => blockUser(db, admin, { account_id: 2_000_000_000, reason: 'Missing' }))).toBe(
      404,
    )
  })

  it('"end all sessions" signs the user out everywhere but lets them sign in again', async () => {
    const { user, cookies } = await signedInBuyer()
    const second = sessionCookiesFrom(await signInWithPassword(user.cellphone))
    expect((await getUserDetail(db, admin, { account_id: user.id })).sessions).toHaveLength(2)
    const { ended } = await endUserSessions(db, admin, { account_id: user.id })
    expect(ended).toBe(2)
    expect((await me(cookies)).status).toBe(401)
    expect((await me(second)).status).toBe(401)
    expect((await signInWithPassword(user.cellphone)).status).toBe(200)
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.sessions_end'), eq(auditEvents.recordId, String(user.id))))
    expect(event!.changes).toEqual({ live_sessions: { before: 2, after: 0 } })
  })
})

describe('finding users', () => {
  it('finds a user by phone (as typed with a leading 0), by name and by email, and filters blocked ones', async () => {
    const user = await createUser(db, {
      firstName: 'Kourosh',
      lastName: 'Zand',
      email: 'kourosh.zand@example.com',
    })
    const local = `0${user.cellphone.slice(3)}`
    for (const q of [local, user.cellphone.slice(-7), 'kourosh zand', 'ZAND@example']) {
      const found = await listUsers(db, admin, { q })
      expect(
        found.items.map((u) => u.id),
        q,
      ).toContain(user.id)
    }
    expect((await listUsers(db, admin, { q: 'no-such-person-xyz' })).total).toBe(0)
    await blockUser(db, admin, { account_id: user.id, reason: 'Testing filters' })
    const blocked = await listUsers(db, admin, { role: 'blocked' })
    expect(blocked.items.every((u) => u.blocked)).toBe(true)
    expect(blocked.items.map((u) => u.id)).toContain(user.id)
  })
})

describe('the dashboard', () => {
  it('equals the sums computed from the orders, users, sellers and tickets tables', async () => {
    setClock('2026-11-20T08:00:00Z')
    const category = await createCategory(db, { name: 'Tea' })
    const seller = await createSeller(db, { status: 'approved' })
    const store = await createStore(db, { seller })
    const product = await createProduct(db, { category })
    const sku = await createSku(db, { store, product, remainingQuantity: 1000 })
    const buyer = await createUser(db)
    // Paid today, paid 10 days ago, paid 60 days ago (inside 90, outside 30), and never paid.
    const paidAt = ['2026-11-20T06:00:00Z', '2026-11-10T23:30:00Z', '2026-09-21T12:00:00Z', null]
    for (const at of paidAt) {
      const order = await createPendingOrder(db, { buyer, seller, lines: [{ sku, quantity: 3 }] })
      await db
        .update(orders)
        .set({
          status: at ? 'paid' : 'pending_payment',
          paidAt: at ? new Date(at) : null,
          createdAt: new Date(at ?? '2026-11-19T10:00:00Z'),
        })
        .where(eq(orders.id, order.id))
    }
    await createSeller(db, { status: 'pending' })
    await db
      .insert(tickets)
      .values({ userId: buyer.id, subject: 'Help', department: 'retail', status: 'open' })

    for (const days of [30, 90] as const) {
      const dashboard = await getAdminDashboard(db, admin, { days })
      // The period's days are Tehran days: it starts at 00:00 in Tehran (20:30 UTC the day before).
      const start = new Date(Date.UTC(2026, 10, 19, 20, 30) - (days - 1) * 86_400_000)
      const allOrders = await db.select().from(orders)
      const paid = allOrders.filter((o) => o.paidAt && o.paidAt >= start)
      expect(dashboard.totals.gmv).toBe(paid.reduce((sum, o) => sum + o.total, 0))
      expect(dashboard.totals.paid).toBe(paid.length)
      expect(dashboard.totals.placed).toBe(allOrders.filter((o) => o.createdAt >= start).length)
      expect(dashboard.series).toHaveLength(days)
      expect(dashboard.series.reduce((sum, d) => sum + d.gmv, 0)).toBe(dashboard.totals.gmv)
      // Paid at 23:30 UTC on the 10th: 03:00 on the 11th in Tehran, so it counts on the 11th.
      const lateOrder = paid.find((o) => o.paidAt!.toISOString() === '2026-11-10T23:30:00.000Z')!
      expect(dashboard.series.find((d) => d.day === '2026-11-10')!.gmv).toBe(0)
      expect(dashboard.series.find((d) => d.day === '2026-11-11')!.gmv).toBe(lateOrder.total)
      const allUsers = await db.select().from(users)
      expect(dashboard.totals.new_buyers).toBe(
        allUsers.filter((u) => u.createdAt >= start && !u.isSeller && !u.isObserver && !u.isAdmin).length,
      )
      const allSellers = await db.select().from(sellers)
      expect(dashboard.totals.new_sellers).toBe(allSellers.filter((s) => s.createdAt >= start).length)
      expect(dashboard.pending_applications).toBe(allSellers.filter((s) => s.status === 'pending').length)
      const allTickets = await db.select().from(tickets)
      expect(dashboard.open_tickets).toBe(allTickets.filter((t) => t.status === 'open').length)
      expect(dashboard.failed_jobs).toBe(0)

      const topSeller = dashboard.top_sellers.find((s) => s.id === seller.id)!
      expect(topSeller.gmv).toBe(
        paid.filter((o) => o.sellerId === seller.id).reduce((s, o) => s + o.total, 0),
      )
      const lines = await db
        .select({ total: orderLines.lineTotal, orderId: orderLines.orderId })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(categories.id, category.id))
      const paidIds = new Set(paid.map((o) => o.id))
      const tea = dashboard.top_categories.find((c) => c.id === category.id)!
      expect(tea.gmv).toBe(lines.filter((l) => paidIds.has(l.orderId)).reduce((s, l) => s + l.total, 0))
      expect(tea.orders).toBe(days === 30 ? 2 : 3)
    }
  })

  it('each figure counts exactly what the list it links to shows', async () => {
    setClock('2026-11-20T08:00:00Z')
    const seller = await createSeller(db, { status: 'approved' })
    const store = await createStore(db, { seller })
    const sku = await createSku(db, { store, product: await createProduct(db), remainingQuantity: 1000 })
    const buyer = await createUser(db)
    // Placed before the period and paid inside it, then accepted: in GMV and "paid orders" (by
    // payment date, whatever became of it), not in "orders placed"; and placed but never paid.
    const orderAt = async (
      createdAt: string,
      paidAt: string | null,
      status: 'accepted' | 'pending_payment',
    ) => {
      const order = await createPendingOrder(db, { buyer, seller, lines: [{ sku, quantity: 2 }] })
      await db
        .update(orders)
        .set({ status, createdAt: new Date(createdAt), paidAt: paidAt ? new Date(paidAt) : null })
        .where(eq(orders.id, order.id))
    }
    await orderAt('2026-08-01T10:00:00Z', '2026-11-19T10:00:00Z', 'accepted')
    await orderAt('2026-11-18T10:00:00Z', null, 'pending_payment')
    // An observer joined in the period (not a buyer), and a user who joined long ago applied to
    // sell in it and was rejected (a new seller record, not a new user).
    await createUser(db, { isObserver: true, pointingSellerId: seller.id })
    const owner = await createUser(db, { isSeller: true, createdAt: new Date('2026-01-01T00:00:00Z') })
    await createSeller(db, { owner, status: 'rejected' })

    const dashboard = await getAdminDashboard(db, admin, { days: 30 })
    const period = { from: dashboard.from, to: dashboard.to, page: 1, per_page: 1 }
    const paidList = await listAdminOrders(db, admin, { ...period, dates: 'paid' })
    expect(paidList.total).toBe(dashboard.totals.paid)
    expect(paidList.counts.accepted).toBeGreaterThan(0)
    const placedList = await listAdminOrders(db, admin, period)
    expect(placedList.total).toBe(dashboard.totals.placed)
    const buyersList = await listUsers(db, admin, { role: 'buyer', since: dashboard.from })
    expect(buyersList.total).toBe(dashboard.totals.new_buyers)
    const sellersList = await listSellerApplications(db, admin, {
      since: dashboard.from,
      page: 1,
      per_page: 1,
    })
    expect(sellersList.total).toBe(dashboard.totals.new_sellers)
    // A top seller opens that seller's orders paid in the period, which add up to its GMV.
    const top = dashboard.top_sellers.find((s) => s.id === seller.id)!
    const its = await listAdminOrders(db, admin, {
      ...period,
      dates: 'paid',
      seller_id: seller.id,
      per_page: 100,
    })
    expect(its.seller).toEqual({ id: seller.id, name: top.name })
    expect(its.items.reduce((sum, o) => sum + o.total, 0)).toBe(top.gmv)
  })
})

describe('analytics', () => {
  it('counts events per day and name, the basket funnel by visits and orders, and page views by route', async () => {
    await db.delete(analyticsEvents)
    const at = new Date('2026-11-19T09:00:00Z')
    const event = (name: string, visitId: string, path = '/cart') => ({
      name,
      visitId,
      path,
      occurredAt: at,
      receivedAt: at,
    })
    await db.insert(analyticsEvents).values([
      ...['v1', 'v2', 'v3', 'v4'].map((v) => event('cart_viewed', v)),
      event('cart_viewed', 'v1'), // a second view in the same visit counts once
      ...['v1', 'v2'].map((v) => event('cart_item_added', v)),
      event('cart_proceed_to_checkout', 'v1'),
      event('page_view', 'v1', '/product/green-tea'),
      event('page_view', 'v2', '/product/black-tea?utm_source=x'),
      event('page_view', 'v2', '/'),
      { ...event('page_view', 'v9', '/'), receivedAt: new Date('2026-08-01T00:00:00Z') },
    ])
    const overview = await getAnalyticsOverview(db, admin, { days: 30 })
    const step = (key: string) => overview.funnel.find((s) => s.key === key)!
    expect(step('viewed').count).toBe(4)
    expect(step('added')).toMatchObject({ count: 2, from_previous: 0.5 })
    expect(step('checkout')).toMatchObject({ count: 1, from_previous: 0.5 })
    const start = new Date(Date.UTC(2026, 10, 20) - 29 * 86_400_000)
    const placed = (await db.select().from(orders)).filter((o) => o.createdAt >= start)
    expect(step('placed').count).toBe(placed.length)
    expect(step('paid').count).toBe(placed.filter((o) => o.paidAt).length)
    expect(overview.by_name).toContainEqual({ name: 'cart_viewed', count: 5 })
    expect(overview.by_name).toContainEqual({ name: 'page_view', count: 3 })
    expect(overview.total_events).toBe(11)
    expect(overview.per_day.find((d) => d.day === '2026-11-19')).toEqual({
      day: '2026-11-19',
      events: 11,
      page_views: 3,
    })
    expect(overview.page_views_by_route).toEqual([
      { route: '/product/$slug', count: 2 },
      { route: '/', count: 1 },
    ])
    expect((await getAnalyticsOverview(db, admin, { days: 90 })).total_events).toBe(11)
  })

  it('names routes without their ids, slugs and query', () => {
    expect(routeOf('/orders/123/process?x=1')).toBe('/orders/$id/process')
    expect(routeOf('/store/tehran-tea')).toBe('/store/$slug')
    expect(routeOf('/product')).toBe('/product')
  })
})

describe('the audit log', () => {
  it('filters by actor, seller, action prefix and day, newest first', async () => {
    const seller = await createSeller(db, { status: 'approved' })
    await blockUser(db, admin, { account_id: seller.owner.id, reason: 'Selling fakes' })
    const bySeller = await listAuditEvents(db, admin, { seller: seller.id })
    expect(bySeller.items.map((e) => e.action)).toEqual(['user.block'])
    expect(bySeller.items[0]!.seller).toEqual({ id: seller.id, name: seller.displayName })
    const byActor = await listAuditEvents(db, admin, { actor: admin.user.id, action: 'user.' })
    expect(byActor.total).toBeGreaterThan(1)
    expect(byActor.items.every((e) => e.action.startsWith('user.') && e.actor?.id === admin.user.id)).toBe(
      true,
    )
    const rows = await db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    expect(byActor.items[0]!.id).toBe(rows.find((r) => r.action.startsWith('user.'))!.id)
    expect((await listAuditEvents(db, admin, { to: '2000-01-01' })).total).toBe(0)
    expect(
      (await listAuditEvents(db, admin, { action: 'user.block' })).items.every(
        (e) => e.action === 'user.block',
      ),
    ).toBe(true)
  })
})

describe('the existing admin actions write the audit trail too', () => {
  it('approving a seller, cancelling an order, taking a ticket and saving a FAQ entry each leave a row', async () => {
    const pending = await createSeller(db, { status: 'pending' })
    await decideSellerApplication(db, admin, { seller_id: pending.id, decision: 'approve' })
    const order = await createPendingOrder(db, { buyer: buyerAuth.user })
    await actOnOrderAsAdmin(db, admin, {
      order_id: order.id,
      action: 'cancel',
      reason: 'Buyer asked by phone',
    })
    const [ticket] = await db
      .insert(tickets)
      .values({ userId: buyerAuth.user.id, subject: 'Late', department: 'wholesale' })
      .returning()
    await assignTicketToSelf(db, admin, ticket!.id)
    const faq = await saveFaqEntry(db, admin, {
      group: 'Orders',
      question: 'Can I cancel an order?',
      answer: 'Yes, before it ships.',
      position: 0,
    })

    const log = await listAuditEvents(db, admin, { actor: admin.user.id, per_page: 100 })
    const find = (action: string, record: string | number) =>
      log.items.find((e) => e.action === action && e.record_id === String(record))
    expect(find('seller.approve', pending.id)?.changes).toContainEqual({
      field: 'status',
      before: 'pending',
      after: 'approved',
    })
    const cancelled = find('order.cancel', order.id)!
    expect(cancelled.changes).toContainEqual({
      field: 'status',
      before: 'pending_payment',
      after: 'cancelled',
    })
    expect(cancelled.reason).toBe('Buyer asked by phone')
    expect(find('ticket.assign', ticket!.id)?.changes).toContainEqual({
      field: 'assigned_admin_id',
      before: null,
      after: String(admin.user.id),
    })
    expect(find('faq.create', faq.id)?.changes).toContainEqual({
      field: 'question',
      before: null,
      after: 'Can I cancel an order?',
    })
  })
})
