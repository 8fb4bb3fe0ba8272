import '@tanstack/react-start/server-only'
import { and, count, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { orderStatuses, type OrderStatus } from '~/lib/domain-enums'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { orders, sellers, users } from '~/server/db/schema'
import { notFound, parseInput } from '~/server/http/api-errors.server'
import { personName } from './invoices.server'
import { actOnOrder } from './order-transitions.server'
import {
  adminOrderActionInput,
  type AdminOrderActionInput,
  type AdminOrderDetail,
  type AdminOrderFilters,
  type AdminOrderPage,
} from './orders-admin.schemas'
import { likeEscape, lineCount, loadDetail, newestFirst, pageOf, toSummary } from './orders-read.server'
import { ORDER_NOT_FOUND } from './orders.schemas'
import { tehranDayEnd, tehranDayStart } from '~/lib/tehran-time'

/**
 * What administrators read and do with orders: every order of every seller. Each operation starts
 * with requireAdmin, so anyone else gets the same 403 as every other admin operation.
 */

/** /admin/orders: newest first, with counts per status under the other filters. */
export async function listAdminOrders(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: AdminOrderFilters,
): Promise<AdminOrderPage> {
  requireAdmin(auth)
  const scope: SQL[] = []
  if (filters.seller) {
    const pattern = `%${likeEscape(filters.seller)}%`
    scope.push(or(sql`${sellers.displayName} ilike ${pattern}`, sql`${sellers.legalName} ilike ${pattern}`)!)
  }
  if (filters.seller_id) scope.push(eq(orders.sellerId, filters.seller_id))
  if (filters.q) scope.push(sql`${orders.number} ilike ${`%${likeEscape(filters.q)}%`}`)
  // By payment date, the list is the dashboard's GMV and paid orders: every order paid in the
  // period, whatever status it has reached since (accepted, shipped, even refunded).
  const dated = filters.dates === 'paid' ? orders.paidAt : orders.createdAt
  if (filters.dates === 'paid') scope.push(isNotNull(orders.paidAt))
  if (filters.from) scope.push(gte(dated, tehranDayStart(filters.from)))
  if (filters.to) scope.push(lt(dated, tehranDayEnd(filters.to)))
  const where = and(...scope, ...(filters.status ? [eq(orders.status, filters.status)] : []))
  const { limit, offset } = pageOf(filters)
  const [rows, [total], perStatus, [namedSeller]] = await Promise.all([
    db
      .select({ order: orders, lineCount, buyer: users, sellerName: sellers.displayName })
      .from(orders)
      .innerJoin(sellers, eq(sellers.id, orders.sellerId))
      .innerJoin(users, eq(users.id, orders.buyerUserId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).innerJoin(sellers, eq(sellers.id, orders.sellerId)).where(where),
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .innerJoin(sellers, eq(sellers.id, orders.sellerId))
      .where(and(...scope))
      .groupBy(orders.status),
    filters.seller_id
      ? db
          .select({ id: sellers.id, name: sellers.displayName })
          .from(sellers)
          .where(eq(sellers.id, filters.seller_id))
      : Promise.resolve([]),
  ])
  const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>
  for (const row of perStatus) counts[row.status] = row.n
  return {
    items: rows.map((r) => {
      const buyerName = personName(r.buyer)
      return {
        ...toSummary({ ...r.order, lineCount: r.lineCount, counterpart: buyerName }),
        buyer_name: buyerName,
        seller_name: r.sellerName,
      }
    }),
    total: total?.n ?? 0,
    page: filters.page,
    per_page: filters.per_page,
    counts,
    seller: namedSeller ?? null,
  }
}

/** /admin/orders/{id}: any order, with both parties, or 404. */
export async function getAdminOrder(
  db: DbOrTx,
  auth: AuthContext | null,
  orderId: number,
): Promise<AdminOrderDetail> {
  requireAdmin(auth)
  const [row] = await db
    .select({ order: orders, seller: sellers })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, orderId))
  if (!row) throw notFound(ORDER_NOT_FOUND())
  const detail = await loadDetail(db, row.order, 'admin')
  return {
    ...detail,
    seller: {
      id: row.seller.id,
      name: row.seller.displayName,
      legal_name: row.seller.legalName,
      phone: row.seller.phone,
      city: row.seller.city,
    },
  }
}

/**
 * An administrator's move, through actOnOrder (one transaction, the machine's rules, refunds and
 * stock release), always recorded as the admin's, even on an order the admin also bought or sold.
 * "Complete" is one step: on a shipped order it is refused rather than also marking it delivered.
 */
export async function actOnOrderAsAdmin(
  db: Db,
  auth: AuthContext | null,
  rawInput: AdminOrderActionInput,
): Promise<{ status: OrderStatus }> {
  const admin = requireAdmin(auth)
  const input = parseInput(adminOrderActionInput, rawInput)
  return actOnOrder(
    db,
    admin,
    {
      orderId: input.order_id,
      action: input.action === 'complete' ? 'confirm_delivery' : input.action,
      ...(input.action === 'reject' || input.action === 'cancel' ? { note: input.reason } : {}),
      ...(input.action === 'ship' ? { carrier: input.carrier, trackingNumber: input.tracking_number } : {}),
    },
    { actAs: 'admin', finalStepOnly: input.action === 'complete' },
  )
}
