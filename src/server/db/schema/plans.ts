import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  billingCycleEnum,
  planStatusEnum,
  purchaseKindEnum,
  purchaseStatusEnum,
  subscriptionStatusEnum,
} from './enums'
import { sellers, users } from './people'

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: 'number' })

/**
 * A seller plan (DOMAIN.md "Plans"). Prices in minor units (rials), VAT included. A null limit is
 * "no limit". `sellers.plan_code` names the plan in force by its slug; the migration seeds free,
 * pro and business, and `free` is never retired (it is where a lapsed subscription lands).
 */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The Persian name and description, shown in the fa locale; null falls back to the English. */
    nameFa: text('name_fa'),
    descriptionFa: text('description_fa'),
    monthlyPrice: money('monthly_price').notNull().default(0),
    yearlyPrice: money('yearly_price').notNull().default(0),
    maxStores: integer('max_stores'),
    maxActiveSkus: integer('max_active_skus'),
    maxPublishedMagazines: integer('max_published_magazines'),
    maxObservers: integer('max_observers'),
    maxImportRows: integer('max_import_rows'),
    /** Feature keys, e.g. `magazine_pdf`, `home_featured`. */
    features: jsonb('features').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    /** Basis points taken off the commission rate for this plan's sellers (never below 0). */
    commissionDiscountBp: integer('commission_discount_bp').notNull().default(0),
    status: planStatusEnum('status').notNull().default('active'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_slug_key').on(t.slug),
    check(
      'plans_commission_discount_range',
      sql`${t.commissionDiscountBp} >= 0 and ${t.commissionDiscountBp} <= 10000`,
    ),
    check('plans_prices_non_negative', sql`${t.monthlyPrice} >= 0 and ${t.yearlyPrice} >= 0`),
    check(
      'plans_limits_non_negative',
      sql`coalesce(${t.maxStores}, 0) >= 0 and coalesce(${t.maxActiveSkus}, 0) >= 0
        and coalesce(${t.maxPublishedMagazines}, 0) >= 0 and coalesce(${t.maxObservers}, 0) >= 0
        and coalesce(${t.maxImportRows}, 0) >= 0`,
    ),
  ],
)

/**
 * Something bought from the platform itself: a plan period (or, later, a Plus year). Created
 * `pending` with the price fixed (the list price less any credit for the unused days of the plan it
 * replaces), paid through a payment session, then `paid` with its subscription and invoice.
 */
export const platformPurchases = pgTable(
  'platform_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What people quote: e.g. PL-100042. */
    number: text('number').notNull(),
    kind: purchaseKindEnum('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id').references(() => sellers.id, { onDelete: 'restrict' }),
    planSlug: text('plan_slug'),
    billingCycle: billingCycleEnum('billing_cycle'),
    listPrice: money('list_price').notNull(),
    /** What the unused days of the replaced period are worth, taken off the list price. */
    credit: money('credit').notNull().default(0),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    /** The active subscription an upgrade ends when it is paid. */
    replacesSubscriptionId: integer('replaces_subscription_id'),
    status: purchaseStatusEnum('status').notNull().default('pending'),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_purchases_number_key').on(t.number),
    index('platform_purchases_seller_idx').on(t.sellerId, t.createdAt),
    check(
      'platform_purchases_amount_adds_up',
      sql`${t.amount} = ${t.listPrice} - ${t.credit} and ${t.credit} >= 0 and ${t.amount} > 0`,
    ),
    check('platform_purchases_period', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
)

/**
 * A period of a seller's plan. At most one `active` per seller; a paid renewal or downgrade waits
 * as `scheduled` until the active one ends. The renewal schedule reminds 7 and 1 days before the end
 * (once each), keeps the plan through a grace period after it, then moves the seller to Free.
 */
export const sellerSubscriptions = pgTable(
  'seller_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    planSlug: text('plan_slug').notNull(),
    billingCycle: billingCycleEnum('billing_cycle').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    status: subscriptionStatusEnum('status').notNull(),
    /** Null for a period the platform granted (the backfill of sellers already on a paid plan). */
    purchaseId: integer('purchase_id').references(() => platformPurchases.id, { onDelete: 'restrict' }),
    /** What was paid for the period (after credit); the base of an upgrade's credit. */
    amountPaid: money('amount_paid').notNull().default(0),
    /** The seller chose Free from the end of this period: no reminders, no grace. */
    endsToFree: boolean('ends_to_free').notNull().default(false),
    reminder7SentAt: at('reminder_7_sent_at'),
    reminder1SentAt: at('reminder_1_sent_at'),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_subscriptions_one_active')
      .on(t.sellerId)
      .where(sql`${t.status} = 'active'`),
    index('seller_subscriptions_seller_idx').on(t.sellerId, t.periodStart),
    index('seller_subscriptions_open_end_idx')
      .on(t.periodEnd)
      .where(sql`${t.status} in ('active', 'scheduled')`),
    check('seller_subscriptions_period', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
)

/** Buyer/seller details on a platform invoice, as they were at issue time. */
export interface PlatformInvoiceParty {
  name: string
  nationalId?: string
  phone: string
  address: string
}

/**
 * The platform's own invoice for a paid purchase. Numbers run per UTC year without gaps, apart from
 * the sellers' order invoices: `OMD-{year}-{000001}` from platform_invoice_counters, bumped in the
 * paying transaction.
 */
export const platformInvoices = pgTable(
  'platform_invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => platformPurchases.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id').references(() => sellers.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    customer: jsonb('customer').$type<PlatformInvoiceParty>().notNull(),
    description: text('description').notNull(),
    /** The price before the credit (VAT included). */
    listPrice: money('list_price').notNull(),
    credit: money('credit').notNull().default(0),
    vatPercent: integer('vat_percent').notNull(),
    /** The VAT inside `total`. */
    vat: money('vat').notNull(),
    total: money('total').notNull(),
    currency: text('currency').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_invoices_purchase_key').on(t.purchaseId),
    uniqueIndex('platform_invoices_number_key').on(t.number),
    uniqueIndex('platform_invoices_year_sequence_key').on(t.year, t.sequence),
    index('platform_invoices_seller_idx').on(t.sellerId, t.issuedAt),
  ],
)

export const platformInvoiceCounters = pgTable('platform_invoice_counters', {
  year: integer('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
})
