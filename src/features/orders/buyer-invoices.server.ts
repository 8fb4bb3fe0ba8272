import '@tanstack/react-start/server-only'
import { count, desc, eq } from 'drizzle-orm'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { DbOrTx } from '~/server/db/client.server'
import { invoices, orders } from '~/server/db/schema'
import type { InvoiceListFilters, InvoiceSummary, Paged } from './orders.schemas'

/** /buyer/invoices: the caller's invoices, newest first. */
export async function listBuyerInvoices(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: InvoiceListFilters,
): Promise<Paged<InvoiceSummary>> {
  const { user } = requireUser(auth)
  const where = eq(invoices.buyerUserId, user.id)
  const limit = filters.per_page
  const offset = (filters.page - 1) * filters.per_page
  const [rows, [total]] = await Promise.all([
    db
      .select({ invoice: invoices, order: orders })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(invoices).where(where),
  ])
  return {
    items: rows.map(({ invoice, order }) => ({
      id: invoice.id,
      number: invoice.number,
      order_id: order.id,
      order_number: order.number,
      seller_name: invoice.seller.name,
      total: order.total,
      currency: order.currency,
      issued_at: invoice.issuedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: filters.page,
    per_page: filters.per_page,
  }
}
