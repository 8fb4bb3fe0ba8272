import '@tanstack/react-start/server-only'
import { asc, eq, sql } from 'drizzle-orm'
import { sellerRole } from '~/lib/auth-access'
import { tehranDayOf } from '~/lib/tehran-time'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { DbOrTx, Tx } from '~/server/db/client.server'
import {
  invoiceCounters,
  invoices,
  orderLines,
  orders,
  sellers,
  users,
  type AddressSnapshot,
  type InvoiceParty,
} from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import type { InvoicePartyView, InvoiceView } from '~/features/payments/index.server'
import { orderPickupPoints } from './pickup-points.server'
import { m } from '~/lib/messages'

export const INVOICE_NOT_FOUND = () => m.server_error_invoice_not_found()

type InvoiceRow = typeof invoices.$inferSelect

/** S12-2026-000007: seller, UTC year of payment, sequence within that seller's year. */
export const invoiceNumber = (sellerId: number, year: number, sequence: number) =>
  `S${sellerId}-${year}-${String(sequence).padStart(6, '0')}`

export const personName = (user: { firstName: string | null; lastName: string | null; cellphone: string }) =>
  [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.cellphone

export function formatAddressSnapshot(address: AddressSnapshot): string {
  return `${address.street}, ${address.city}, ${address.province}, postal code ${address.postalCode} (receiver: ${address.receiverName}, ${address.receiverPhone})`
}

/** The business address with its city, unless the address already names it. */
const withCity = (address: string, city: string) =>
  address.toLowerCase().includes(city.toLowerCase()) ? address : `${address}, ${city}`

/**
 * Issues the order's invoice inside the paying transaction. The counter row of (seller, year) is
 * bumped with an upsert: its row lock makes concurrent payments of one seller take turns, and a
 * rolled-back payment gives its number back, so numbers have no gaps and no duplicates. An order
 * that already has an invoice keeps it.
 */
export async function issueInvoice(tx: Tx, orderId: number): Promise<InvoiceRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) throw notFound(m.server_error_order_not_found())
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId))
  if (existing) return existing

  const [seller] = await tx.select().from(sellers).where(eq(sellers.id, order.sellerId))
  const [buyer] = await tx.select().from(users).where(eq(users.id, order.buyerUserId))
  if (!seller || !buyer) throw new Error(`order ${orderId} has no seller or buyer row`)

  const issuedAt = now()
  const year = issuedAt.getUTCFullYear()
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ sellerId: seller.id, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.sellerId, invoiceCounters.year],
      set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceCounters.lastSequence })
  const sequence = counter!.sequence

  const sellerParty: InvoiceParty = {
    name: seller.legalName,
    nationalId: seller.nationalId,
    phone: seller.phone,
    address: withCity(seller.address, seller.city),
  }
  const buyerParty: InvoiceParty = {
    name: personName(buyer),
    phone: buyer.cellphone,
    address: order.address
      ? formatAddressSnapshot(order.address)
      : `Pickup${order.pickupCity ? ` in ${order.pickupCity}` : ''}`,
  }
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      sellerId: seller.id,
      buyerUserId: buyer.id,
      year,
      sequence,
      number: invoiceNumber(seller.id, year, sequence),
      seller: sellerParty,
      buyer: buyerParty,
      issuedAt,
    })
    .returning()
  return invoice!
}

const partyView = (party: InvoiceParty): InvoicePartyView => ({
  name: party.name,
  national_id: party.nationalId ?? null,
  phone: party.phone,
  address: party.address,
})

/**
 * How the signed-in user relates to an invoice: its buyer, its seller (the owner or an observer,
 * while the seller is approved) or an admin; null for anyone else.
 */
async function viewerRole(
  db: DbOrTx,
  auth: AuthContext,
  invoice: Pick<InvoiceRow, 'buyerUserId' | 'sellerId'>,
): Promise<InvoiceView['viewer_role'] | null> {
  const { user } = auth
  if (invoice.buyerUserId === user.id) return 'buyer'
  if (sellerRole(user) && user.seller?.id === invoice.sellerId) {
    const [seller] = await db
      .select({ status: sellers.status })
      .from(sellers)
      .where(eq(sellers.id, invoice.sellerId))
    if (seller?.status === 'approved') return 'seller'
  }
  return user.is_admin ? 'admin' : null
}

/** Everything the printable invoice page and the PDF show; 404 for anyone without a relation. */
export async function getInvoiceForViewer(
  db: DbOrTx,
  auth: AuthContext | null,
  invoiceId: number,
): Promise<InvoiceView> {
  const signedIn = requireUser(auth)
  if (!Number.isSafeInteger(invoiceId) || invoiceId < 1) throw notFound(INVOICE_NOT_FOUND())
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId))
  if (!invoice) throw notFound(INVOICE_NOT_FOUND())
  const role = await viewerRole(db, signedIn, invoice)
  if (!role) throw notFound(INVOICE_NOT_FOUND())
  return loadInvoiceView(db, invoice, role)
}

/** The invoice of an order, for a viewer who may see it; null when the order has none yet. */
export async function getOrderInvoiceId(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId))
  return row?.id ?? null
}

async function loadInvoiceView(
  db: DbOrTx,
  invoice: InvoiceRow,
  role: InvoiceView['viewer_role'],
): Promise<InvoiceView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, invoice.orderId))
  if (!order) throw notFound(INVOICE_NOT_FOUND())
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(orderLines.id))
  const pickupPoints = await orderPickupPoints(db, order)
  return {
    id: invoice.id,
    number: invoice.number,
    issued_on: tehranDayOf(invoice.issuedAt),
    issued_at: invoice.issuedAt.toISOString(),
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      delivery_method: order.deliveryMethod,
    },
    pickup_points: pickupPoints,
    seller: partyView(invoice.seller),
    buyer: partyView(invoice.buyer),
    lines: lines.map((line) => ({
      product_name: line.productName,
      product_name_fa: line.productNameFa,
      sku: line.sku,
      unit: line.unit,
      unit_fa: line.unitFa,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      offer_price: line.offerPrice,
      line_subtotal: line.lineSubtotal,
      line_discount: line.lineDiscount,
      line_total: line.lineTotal,
    })),
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    delivery_fee: order.deliveryFee,
    delivery_paid_by_platform: order.deliveryPaidByPlatform,
    vat_percent: order.vatPercent,
    vat: order.vat,
    total: order.total,
    viewer_role: role,
  }
}
