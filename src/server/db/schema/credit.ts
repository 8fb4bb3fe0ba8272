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
import { orders } from './orders'
import { sellers, users } from './people'

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: 'number' })

export const creditApplicationStatuses = ['pending', 'approved', 'declined'] as const
export type CreditApplicationStatus = (typeof creditApplicationStatuses)[number]
export const creditTermsStatuses = ['active', 'frozen', 'revoked'] as const
export type CreditTermsStatus = (typeof creditTermsStatuses)[number]
export const creditInvoiceStatuses = ['open', 'paid', 'overdue', 'cancelled'] as const
export type CreditInvoiceStatus = (typeof creditInvoiceStatuses)[number]

/** A trade reference a buyer gives with an application (another supplier who sells to it on terms). */
export interface TradeReference {
  name: string
  phone: string
}

/**
 * A buyer's application to one seller for credit terms (issue #39). The seller approves it (which
 * writes the terms) or declines it with a reason. One pending application per buyer and seller.
 */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    economicCode: text('economic_code').notNull(),
    nationalId: text('national_id').notNull(),
    expectedMonthlyVolume: money('expected_monthly_volume').notNull(),
    tradeReferences: jsonb('trade_references').$type<TradeReference[]>().notNull().default([]),
    status: text('status').$type<CreditApplicationStatus>().notNull().default('pending'),
    decisionReason: text('decision_reason'),
    decidedAt: at('decided_at'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('credit_applications_seller_idx').on(t.sellerId, t.status, t.createdAt),
    index('credit_applications_buyer_idx').on(t.buyerUserId, t.createdAt),
    uniqueIndex('credit_applications_one_pending')
      .on(t.buyerUserId, t.sellerId)
      .where(sql`${t.status} = 'pending'`),
    check('credit_applications_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('credit_applications_economic_code_shape', sql`${t.economicCode} ~ '^[0-9]{10,14}$'`),
    check('credit_applications_national_id_shape', sql`${t.nationalId} ~ '^[0-9]{10,11}$'`),
    check('credit_applications_volume', sql`${t.expectedMonthlyVolume} >= 0`),
  ],
)

/**
 * The terms a seller grants a buyer: a limit in rials and a term in days. One row per buyer and
 * seller; it is the lock a credit order takes before it checks the unused limit.
 */
export const creditTerms = pgTable(
  'credit_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    limitRials: money('limit_rials').notNull(),
    termDays: integer('term_days').notNull(),
    chequesAllowed: integer('cheques_allowed').notNull().default(0),
    status: text('status').$type<CreditTermsStatus>().notNull().default('active'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('credit_terms_seller_buyer_key').on(t.sellerId, t.buyerUserId),
    index('credit_terms_buyer_idx').on(t.buyerUserId),
    check('credit_terms_limit', sql`${t.limitRials} > 0`),
    check('credit_terms_days', sql`${t.termDays} between 1 and 365`),
    check('credit_terms_cheques', sql`${t.chequesAllowed} in (0, 1)`),
    check('credit_terms_status', sql`${t.status} in ('active', 'frozen', 'revoked')`),
  ],
)

/**
 * What a buyer owes for one order placed on terms: due at the end of a Tehran day (stored UTC).
 * Open until paid in full; overdue is decided on read from the due date (and written by the job).
 */
export const creditInvoices = pgTable(
  'credit_invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    /** The Tehran calendar day it is due (YYYY-MM-DD), and the instant that day ends. */
    dueDay: text('due_day').notNull(),
    dueAt: at('due_at').notNull(),
    paidAmount: money('paid_amount').notNull().default(0),
    status: text('status').$type<CreditInvoiceStatus>().notNull().default('open'),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
    /** The last reminder sent before the due day: 3 (days before), then 1; null before the first. */
    remindedDaysBefore: integer('reminded_days_before'),
  },
  (t) => [
    uniqueIndex('credit_invoices_order_key').on(t.orderId),
    index('credit_invoices_seller_buyer_idx').on(t.sellerId, t.buyerUserId, t.status),
    index('credit_invoices_buyer_idx').on(t.buyerUserId, t.status, t.dueAt),
    check('credit_invoices_amount', sql`${t.amount} > 0`),
    check('credit_invoices_paid', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`),
    check('credit_invoices_due_day_shape', sql`${t.dueDay} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check('credit_invoices_status', sql`${t.status} in ('open', 'paid', 'overdue', 'cancelled')`),
  ],
)
