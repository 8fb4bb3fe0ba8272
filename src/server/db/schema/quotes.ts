import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  quoteDeliveryModes,
  quoteMessageSides,
  quotePaymentPreferences,
  quoteRequestStatuses,
  quoteStatuses,
} from '~/lib/quote-enums'
import { categories, products, skus } from './catalog'
import { sellers, users } from './people'

const at = (name: string) => timestamp(name, { withTimezone: true })

export const quoteRequestStatusEnum = pgEnum('quote_request_status', quoteRequestStatuses)
export const quoteStatusEnum = pgEnum('quote_status', quoteStatuses)
export const quoteDeliveryModeEnum = pgEnum('quote_delivery_mode', quoteDeliveryModes)
export const quotePaymentPreferenceEnum = pgEnum('quote_payment_preference', quotePaymentPreferences)
export const quoteMessageSideEnum = pgEnum('quote_message_side', quoteMessageSides)

/** A buyer's request for quotation (issue #40), sent to up to ten chosen sellers. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Tehran day the buyer needs the goods by (YYYY-MM-DD, Gregorian). */
    neededBy: text('needed_by').notNull(),
    deliveryMode: quoteDeliveryModeEnum('delivery_mode').notNull(),
    /** The city to deliver to; null for pickup. */
    deliveryCity: text('delivery_city'),
    paymentPreference: quotePaymentPreferenceEnum('payment_preference').notNull().default('pay_now'),
    note: text('note').notNull().default(''),
    status: quoteRequestStatusEnum('status').notNull().default('open'),
    /** Why an administrator closed it (abuse); shown to administrators only. */
    closedReason: text('closed_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('quote_requests_status_idx').on(t.status, t.createdAt),
    check(
      'quote_requests_city_when_delivered',
      sql`(${t.deliveryMode} = 'pickup') = (${t.deliveryCity} is null)`,
    ),
  ],
)

/** A line of a request: a catalogue product, or free text with a category when nothing fits. */
export const quoteRequestLines = pgTable(
  'quote_request_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    targetUnitPrice: bigint('target_unit_price', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('quote_request_lines_position_key').on(t.requestId, t.position),
    check('quote_request_lines_quantity_positive', sql`${t.quantity} > 0 and ${t.quantity} <= 100000`),
    check(
      'quote_request_lines_product_or_text',
      sql`${t.productId} is not null or length(${t.description}) > 0`,
    ),
    check(
      'quote_request_lines_target_positive',
      sql`${t.targetUnitPrice} is null or ${t.targetUnitPrice} > 0`,
    ),
  ],
)

/** The sellers a request was sent to (up to ten, enforced by the operation). */
export const quoteRequestRecipients = pgTable(
  'quote_request_recipients',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.sellerId] }),
    index('quote_request_recipients_seller_idx').on(t.sellerId, t.createdAt),
  ],
)

/**
 * A seller's quote on a request (one per request and seller). Its terms are those of its current
 * revision; every revision is kept (append-only). Read markers are the last message id each side saw.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    currentRevision: integer('current_revision').notNull().default(1),
    status: quoteStatusEnum('status').notNull().default('submitted'),
    /** The end of the quote's validity (UTC); after it the quote cannot be accepted. */
    validUntil: at('valid_until').notNull(),
    acceptedAt: at('accepted_at'),
    buyerReadMessageId: integer('buyer_read_message_id').notNull().default(0),
    sellerReadMessageId: integer('seller_read_message_id').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_request_seller_key').on(t.requestId, t.sellerId),
    index('quotes_seller_idx').on(t.sellerId, t.updatedAt),
    index('quotes_submitted_valid_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'submitted'`),
  ],
)

/** One revision of a quote's terms. Append-only: a revision is never changed (hand-added trigger). */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    validUntil: at('valid_until').notNull(),
    note: text('note').notNull().default(''),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_revisions_quote_revision_key').on(t.quoteId, t.revision),
    check('quote_revisions_delivery_fee_non_negative', sql`${t.deliveryFee} >= 0`),
  ],
)

/** A revision's price for a request line: unit price, the SKU the seller will supply, lead time. */
export const quoteRevisionLines = pgTable(
  'quote_revision_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    revisionId: integer('revision_id')
      .notNull()
      .references(() => quoteRevisions.id, { onDelete: 'cascade' }),
    requestLineId: integer('request_line_id')
      .notNull()
      .references(() => quoteRequestLines.id, { onDelete: 'cascade' }),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    skuId: integer('sku_id').references(() => skus.id, { onDelete: 'set null' }),
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('quote_revision_lines_line_key').on(t.revisionId, t.requestLineId),
    check('quote_revision_lines_unit_price_positive', sql`${t.unitPrice} > 0`),
    check('quote_revision_lines_lead_time', sql`${t.leadTimeDays} >= 0 and ${t.leadTimeDays} <= 365`),
  ],
)

/** The thread between the buyer and the seller of one quote. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    authorSide: quoteMessageSideEnum('author_side').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('quote_messages_quote_idx').on(t.quoteId, t.id)],
)

/**
 * A quoted price locked by acceptance: for this buyer, SKU and quantity, until `validUntil`, the
 * basket and checkout use `unitPrice` instead of the tier price.
 */
export const quotedPrices = pgTable(
  'quoted_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    validUntil: at('valid_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quoted_prices_quote_sku_key').on(t.quoteId, t.skuId),
    index('quoted_prices_buyer_sku_idx').on(t.buyerUserId, t.skuId, t.validUntil),
    check('quoted_prices_unit_price_positive', sql`${t.unitPrice} > 0`),
    check('quoted_prices_quantity_positive', sql`${t.quantity} > 0`),
  ],
)
