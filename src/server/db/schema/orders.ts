import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { addresses } from './addresses'
import { products, skus, stores } from './catalog'
import { deliveryMethodEnum, orderActorKindEnum, orderStatusEnum, paymentSessionStatusEnum } from './enums'
import { sellers, users } from './people'
import { platformPurchases } from './plans'

/** A store a pickup order is collected from, as it was when the order was placed. */
export interface PickupPointSnapshot {
  store: string
  /** The store's Persian name then; absent on orders placed before stores had one. */
  storeFa?: string | null
  city: string
  address: string
  hours: string
}

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: 'number' })

/** The delivery address as it was when the order was placed (the address book may change later). */
export interface AddressSnapshot {
  title: string
  province: string
  city: string
  street: string
  postalCode: string
  receiverName: string
  receiverPhone: string
}

/**
 * An order: one buyer, one seller, created by checkout from that seller's cart (DOMAIN.md "Basket,
 * checkout, orders"). Money in minor units of `currency`; totals are fixed when the order is placed:
 * total = subtotal - discount + delivery_fee + vat.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What people quote: e.g. OM-100042. Unique. */
    number: text('number').notNull(),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('pending_payment'),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull(),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** Null for pickup. */
    address: jsonb('address').$type<AddressSnapshot>(),
    /** Pickup: the city (or cities) of the stores the goods come from. */
    pickupCity: text('pickup_city'),
    /** Pickup: where and when to collect, per store (null for delivery and for older orders). */
    pickupPoints: jsonb('pickup_points').$type<PickupPointSnapshot[]>(),
    note: text('note').notNull().default(''),
    currency: text('currency').notNull(),
    /** Sum of unit price x quantity, before offers. */
    subtotal: money('subtotal').notNull(),
    /** What offer prices take off the subtotal. */
    discount: money('discount').notNull().default(0),
    deliveryFee: money('delivery_fee').notNull().default(0),
    /**
     * Seller delivery the platform pays for a Plus member (DOMAIN.md "Plus"): the buyer's
     * delivery_fee is then 0 and not in `total`; the seller receives total + this.
     */
    deliveryPaidByPlatform: money('delivery_paid_by_platform').notNull().default(0),
    vatPercent: integer('vat_percent').notNull(),
    vat: money('vat').notNull(),
    total: money('total').notNull(),
    /** The buyer's checkout idempotency key: a retried place-order returns the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Unpaid after this, the order expires and its stock is released. */
    paymentDueAt: at('payment_due_at').notNull(),
    paidAt: at('paid_at'),
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_buyer_idempotency_key').on(t.buyerUserId, t.idempotencyKey),
    index('orders_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.status, t.createdAt),
    /** The admin dashboard's GMV per day reads paid orders by payment time. */
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_pending_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'pending_payment'`),
    check(
      'orders_money_non_negative',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.deliveryFee} >= 0 and ${t.vat} >= 0
        and ${t.deliveryPaidByPlatform} >= 0`,
    ),
    check(
      'orders_total_adds_up',
      sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.deliveryFee} + ${t.vat}`,
    ),
    check(
      'orders_address_matches_delivery',
      sql`(${t.deliveryMethod} = 'pickup') or (${t.address} is not null)`,
    ),
  ],
)

/** A snapshot of one ordered SKU: what was bought, at which tier and price. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').references(() => skus.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    unit: text('unit').notNull(),
    storeName: text('store_name').notNull(),
    /** The Persian product name, unit and store name as they were at the order (shown in fa; null: none then). */
    productNameFa: text('product_name_fa'),
    unitFa: text('unit_fa'),
    storeNameFa: text('store_name_fa'),
    quantity: integer('quantity').notNull(),
    /** The applied tier's minimum quantity. */
    tierMinQuantity: integer('tier_min_quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    /** 0: no offer. */
    offerPrice: money('offer_price').notNull().default(0),
    /** unit_price x quantity. */
    lineSubtotal: money('line_subtotal').notNull(),
    /** (unit_price - offer_price) x quantity when there is an offer, else 0. */
    lineDiscount: money('line_discount').notNull().default(0),
    /** line_subtotal - line_discount. */
    lineTotal: money('line_total').notNull(),
    /** Units taken from the SKU's stock (0 when always available); given back on expiry/cancel/reject. */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /**
     * The platform's commission on this line, decided when the order was paid (null before): the
     * rate in basis points, the commission in rials and the VAT on it. Later rate changes leave it.
     */
    commissionRateBp: integer('commission_rate_bp'),
    commissionAmount: money('commission_amount'),
    commissionVat: money('commission_vat'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_sku_idx').on(t.skuId),
    // The catalogue's popularity (units ordered per product) is summed per product on every refresh.
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_total_adds_up', sql`${t.lineTotal} = ${t.lineSubtotal} - ${t.lineDiscount}`),
    check(
      'order_lines_reserved_range',
      sql`${t.reservedQuantity} >= 0 and ${t.reservedQuantity} <= ${t.quantity}`,
    ),
  ],
)

/** The order's timeline: every transition with who and when (and the creation, from null). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    actorKind: orderActorKindEnum('actor_kind').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt, t.id)],
)

/**
 * A payment attempt at a provider, for an order or for a platform purchase (a plan period, a Plus
 * year): exactly one of the two. The id is an unguessable token used in /payment/{session}. Only an
 * `open` session can succeed or fail (a conditional update), which is what makes a replayed
 * callback change nothing.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id').references(() => platformPurchases.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: paymentSessionStatusEnum('status').notNull().default('open'),
    /** The provider's reference for the payment (its token or transaction id). */
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
    refundedAmount: money('refunded_amount').notNull().default(0),
    refundedAt: at('refunded_at'),
    refundReference: text('refund_reference'),
    /**
     * Split settlement (تسهیم): the share of `amount` the gateway pays straight to the seller's
     * Sheba `splitIban` at payment time, decided when the session opened; 0 when the platform
     * collects the whole amount.
     */
    splitAmount: money('split_amount').notNull().default(0),
    splitIban: text('split_iban'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_sessions_order_idx').on(t.orderId, t.createdAt),
    // The expiry sweep runs every minute on every instance: it reads only the open sessions.
    index('payment_sessions_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('payment_sessions_one_success_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'succeeded'`),
    uniqueIndex('payment_sessions_one_success_per_purchase')
      .on(t.purchaseId)
      .where(sql`${t.status} = 'succeeded'`),
    index('payment_sessions_purchase_idx').on(t.purchaseId, t.createdAt),
    check('payment_sessions_amount_positive', sql`${t.amount} > 0`),
    check(
      'payment_sessions_split_within_amount',
      sql`${t.splitAmount} >= 0 and ${t.splitAmount} < ${t.amount}`,
    ),
    check('payment_sessions_split_has_sheba', sql`(${t.splitAmount} = 0) = (${t.splitIban} is null)`),
    check('payment_sessions_pays_one_thing', sql`(${t.orderId} is null) <> (${t.purchaseId} is null)`),
  ],
)

/** Invoice parties as they were at issue time. */
export interface InvoiceParty {
  name: string
  nationalId?: string
  phone: string
  address: string
}

/**
 * An invoice, issued when its order is paid. Numbers run per seller and calendar year (UTC) without
 * gaps: the sequence comes from invoice_counters, incremented in the paying transaction.
 */
export const invoices = pgTable(
  'invoices',
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
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** e.g. S12-2026-000007. */
    number: text('number').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_order_key').on(t.orderId),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_seller_year_sequence_key').on(t.sellerId, t.year, t.sequence),
    index('invoices_buyer_idx').on(t.buyerUserId, t.issuedAt),
  ],
)

/** The last invoice sequence used per seller and year; bumped with a row lock by the paying transaction. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.year] })],
)
