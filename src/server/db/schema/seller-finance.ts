import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sellers } from './people'
import type { PlatformInvoiceParty } from './plans'

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: 'number' })

/**
 * The platform's monthly invoice to a seller for its commission (issue #38): one per (seller,
 * Tehran calendar month) with commission above zero. It is numbered in the platform's own series
 * (`OMD-{year}-{000001}`, platform_invoice_counters, shared with plan and Plus invoices), so the
 * series stays gapless across both tables. A table of its own because a platform_invoices row
 * belongs to a purchase (purchase_id is required). Append-only (a trigger refuses UPDATE/DELETE).
 */
export const commissionInvoices = pgTable(
  'commission_invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    /** The Tehran calendar month (Gregorian) it covers: "2026-11". */
    month: text('month').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** The seller's legal details as they were at issue time. */
    customer: jsonb('customer').$type<PlatformInvoiceParty>().notNull(),
    /** The month's commission (net of refunds), before VAT. */
    commission: money('commission').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    vat: money('vat').notNull(),
    /** commission + vat. */
    total: money('total').notNull(),
    currency: text('currency').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_invoices_seller_month_key').on(t.sellerId, t.month),
    uniqueIndex('commission_invoices_number_key').on(t.number),
    uniqueIndex('commission_invoices_year_sequence_key').on(t.year, t.sequence),
    index('commission_invoices_seller_idx').on(t.sellerId, t.issuedAt),
    check('commission_invoices_total_adds_up', sql`${t.total} = ${t.commission} + ${t.vat}`),
    check('commission_invoices_commission_positive', sql`${t.commission} > 0 and ${t.vat} >= 0`),
    check('commission_invoices_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
)
