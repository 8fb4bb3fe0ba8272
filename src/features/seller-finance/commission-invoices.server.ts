import '@tanstack/react-start/server-only'
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { TransactionRollbackError } from 'drizzle-orm/errors'
import { constants } from '#app-config'
import type { AuthContext } from '~/server/auth/session.server'
import type { InvoiceView } from '~/features/payments/index.server'
import { nextPlatformInvoiceNumber, platformInvoiceParties } from '~/features/plans/index.server'
import { m } from '~/lib/messages'
import { addDays, formatTehranCalendarDay, tehranDayOf, tehranDayStart } from '~/lib/tehran-time'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import {
  commissionInvoices,
  ledgerAccounts,
  ledgerEntries,
  ledgerLines,
  orders,
  sellers,
  type PlatformInvoiceParty,
} from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import type { CommissionInvoiceView } from './seller-finance.schemas'

/**
 * The platform's monthly commission invoice to each seller (issue #38). The month is the Tehran
 * calendar month in the Gregorian calendar ("2026-11": from 1 Nov 00:00 to 1 Dec 00:00 Tehran
 * time), the one the rest of the app's reports use (tehranMonthStart); pages name it by its first
 * and last day, so a Persian reader sees the days in the Persian calendar. Its amounts are the
 * ledger's: the commission and the VAT on it the month's order entries credited, net of refunds.
 * Numbered in the platform's invoice series (nextPlatformInvoiceNumber, shared with plan and Plus
 * invoices): a table of its own, since a platform_invoices row belongs to a purchase.
 */

type InvoiceRow = typeof commissionInvoices.$inferSelect

export const COMMISSION_INVOICE_NOT_FOUND = () => m.finance_invoice_not_found()

/** "2026-11" of an instant, in Tehran. */
export const tehranMonthOf = (at: Date) => tehranDayOf(at).slice(0, 7)

/** The month before "2026-01": "2025-12". */
export function previousMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number]
  return mon === 1 ? `${year - 1}-12` : `${year}-${String(mon - 1).padStart(2, '0')}`
}

function nextMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number]
  return mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`
}

/** The month's first instant and the first instant after it (UTC). */
export const monthRange = (month: string) => ({
  start: tehranDayStart(`${month}-01`),
  end: tehranDayStart(`${nextMonth(month)}-01`),
})

/** The month as pages name it: its first and last Tehran day, in the reader's calendar. */
export const monthLabel = (month: string) =>
  m.finance_invoice_month({
    from: formatTehranCalendarDay(`${month}-01`),
    to: formatTehranCalendarDay(addDays(`${nextMonth(month)}-01`, -1)),
  })

/**
 * Each seller's commission and VAT on it in the month, from the ledger: the commission revenue and
 * VAT payable lines of the entries about its orders (paid −, refunded +), so refunds lower them.
 */
export async function monthCommissions(
  db: DbOrTx,
  month: string,
  sellerIds?: number[],
): Promise<{ sellerId: number; commission: number; vat: number }[]> {
  const { start, end } = monthRange(month)
  const rows = await db
    .select({
      sellerId: orders.sellerId,
      commission: sql<string>`coalesce(-sum(${ledgerLines.amount}) filter (where ${ledgerAccounts.kind} = 'commission_revenue'), 0)`,
      vat: sql<string>`coalesce(-sum(${ledgerLines.amount}) filter (where ${ledgerAccounts.kind} = 'vat_payable'), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(
      orders,
      sql`${ledgerEntries.referenceType} = 'order' and ${ledgerEntries.referenceId} = ${orders.id}::text`,
    )
    .innerJoin(ledgerLines, eq(ledgerLines.entryId, ledgerEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(
      and(
        gte(ledgerEntries.createdAt, start),
        lt(ledgerEntries.createdAt, end),
        inArray(ledgerAccounts.kind, ['commission_revenue', 'vat_payable']),
        sellerIds ? inArray(orders.sellerId, sellerIds) : undefined,
      ),
    )
    .groupBy(orders.sellerId)
  return rows.map((r) => ({ sellerId: r.sellerId, commission: Number(r.commission), vat: Number(r.vat) }))
}

/**
 * Issues the seller's invoice for the month, in its own transaction: null when it has one already
 * (the job ran twice, or on two instances at once) or nothing to invoice. The counter's row lock
 * makes two issuers take turns; the second finds the first's invoice, rolls back and so gives its
 * number back: no duplicate and no gap.
 */
export async function issueCommissionInvoice(
  db: Db,
  sellerId: number,
  month: string,
  amounts: { commission: number; vat: number },
): Promise<InvoiceRow | null> {
  if (amounts.commission <= 0) return null
  try {
    return await db.transaction(async (tx) => {
      const [seller] = await tx.select().from(sellers).where(eq(sellers.id, sellerId))
      if (!seller) return null
      const issuedAt = now()
      const numbered = await nextPlatformInvoiceNumber(tx, issuedAt.getUTCFullYear())
      const customer: PlatformInvoiceParty = {
        name: seller.legalName,
        nationalId: seller.nationalId,
        phone: seller.phone,
        address: `${seller.address}, ${seller.city}`,
      }
      const vat = Math.max(amounts.vat, 0)
      const [invoice] = await tx
        .insert(commissionInvoices)
        .values({
          sellerId,
          month,
          year: numbered.year,
          sequence: numbered.sequence,
          number: numbered.number,
          customer,
          commission: amounts.commission,
          vatPercent: constants.ledger.commissionVatPercent,
          vat,
          total: amounts.commission + vat,
          currency: constants.money.currency,
          issuedAt,
        })
        .onConflictDoNothing({ target: [commissionInvoices.sellerId, commissionInvoices.month] })
        .returning()
      if (!invoice) tx.rollback()
      await recordAuditEvent(tx, {
        actorUserId: null,
        sellerId,
        action: 'commission_invoice.issue',
        recordType: 'commission_invoice',
        recordId: invoice!.id,
        after: { number: invoice!.number, month, commission: invoice!.commission, vat: invoice!.vat },
      })
      return invoice!
    })
  } catch (error) {
    if (error instanceof TransactionRollbackError) return null
    throw error
  }
}

/**
 * The monthly job (`seller-finance.commission-invoices`): every seller with commission in the
 * Tehran month just ended gets its invoice, once. Sellers that have one are skipped before any
 * number is taken.
 */
export async function issueMonthlyCommissionInvoices(
  db: Db,
  at: Date = now(),
): Promise<{ month: string; issued: number }> {
  const month = previousMonth(tehranMonthOf(at))
  const owed = (await monthCommissions(db, month)).filter((row) => row.commission > 0)
  if (owed.length === 0) return { month, issued: 0 }
  const done = new Set(
    (
      await db
        .select({ sellerId: commissionInvoices.sellerId })
        .from(commissionInvoices)
        .where(eq(commissionInvoices.month, month))
    ).map((row) => row.sellerId),
  )
  let issued = 0
  for (const row of owed) {
    if (done.has(row.sellerId)) continue
    if (await issueCommissionInvoice(db, row.sellerId, month, row)) issued++
  }
  return { month, issued }
}

export const commissionInvoiceView = (row: InvoiceRow): CommissionInvoiceView => ({
  id: row.id,
  number: row.number,
  month: row.month,
  commission: row.commission,
  vat_percent: row.vatPercent,
  vat: row.vat,
  total: row.total,
  currency: row.currency,
  issued_at: row.issuedAt.toISOString(),
})

/** The seller's commission invoices, newest first (at most ten years of months). */
export async function commissionInvoicesOf(db: DbOrTx, sellerId: number): Promise<CommissionInvoiceView[]> {
  const rows = await db
    .select()
    .from(commissionInvoices)
    .where(eq(commissionInvoices.sellerId, sellerId))
    .orderBy(desc(commissionInvoices.month))
    .limit(120)
  return rows.map(commissionInvoiceView)
}

/**
 * A commission invoice as the shared invoice renderer takes it (the platform's own layout: one line,
 * the total with the VAT in it under it), for the seller's owner only, as plan invoices are.
 */
export async function commissionInvoiceForViewer(
  db: DbOrTx,
  auth: AuthContext | null,
  invoiceId: number,
): Promise<InvoiceView> {
  const actor = requireApprovedSeller(auth, { allowObserver: false })
  const [row] = await db
    .select()
    .from(commissionInvoices)
    .where(and(eq(commissionInvoices.id, invoiceId), eq(commissionInvoices.sellerId, actor.sellerId)))
  if (!row) throw notFound(COMMISSION_INVOICE_NOT_FOUND())
  const money = (n: number) => new Intl.NumberFormat('en-US').format(n)
  const description = m.finance_invoice_for({
    month: monthLabel(row.month),
    commission: money(row.commission),
    vat: money(row.vat),
    currency: row.currency,
  })
  return {
    kind: 'platform',
    invoice_for: description,
    id: row.id,
    number: row.number,
    issued_on: tehranDayOf(row.issuedAt),
    issued_at: row.issuedAt.toISOString(),
    order: { id: row.id, number: row.month, status: 'paid', delivery_method: 'pickup' },
    ...platformInvoiceParties(row.customer),
    lines: [
      {
        product_name: description,
        product_name_fa: null,
        sku: 'COMMISSION',
        unit: m.finance_invoice_unit(),
        unit_fa: null,
        quantity: 1,
        unit_price: row.total,
        offer_price: 0,
        line_subtotal: row.total,
        line_discount: 0,
        line_total: row.total,
      },
    ],
    currency: row.currency,
    subtotal: row.commission,
    discount: 0,
    delivery_fee: 0,
    vat_percent: row.vatPercent,
    vat: row.vat,
    total: row.total,
    viewer_role: 'seller',
  }
}
