import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import {
  brandStatusEnum,
  productReviewStateEnum,
  productStatusEnum,
  skuStatusEnum,
  storeStatusEnum,
} from './enums'
import { sellers } from './people'

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The Persian name, when there is one: searched, and shown in the fa locale. */
    nameFa: text('name_fa'),
    image: text('image'),
    position: integer('position').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.position),
  ],
)

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The Persian name, when there is one: searched, and shown in the fa locale. */
    nameFa: text('name_fa'),
    /** Pending: requested by a seller, usable on that seller's own products, not shown to buyers. */
    status: brandStatusEnum('status').notNull().default('approved'),
    requestedBySellerId: integer('requested_by_seller_id').references(() => sellers.id, {
      onDelete: 'set null',
    }),
    createdAt,
  },
  (t) => [
    uniqueIndex('brands_slug_key').on(t.slug),
    uniqueIndex('brands_name_key').on(sql`lower(${t.name})`),
    index('brands_requested_idx').on(t.requestedBySellerId, t.status),
  ],
)

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The Persian name, when there is one: shown in the fa locale (the name otherwise). */
    nameFa: text('name_fa'),
    description: text('description').notNull().default(''),
    logo: text('logo'),
    city: text('city').notNull(),
    /** Where and when buyers collect pickup orders (checkout's "Pickup in …"). */
    pickupAddress: text('pickup_address').notNull().default(''),
    pickupHours: text('pickup_hours').notNull().default(''),
    status: storeStatusEnum('status').notNull().default('active'),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('stores_slug_key').on(t.slug), index('stores_seller_idx').on(t.sellerId)],
)

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The Persian name, when there is one: searched, and shown in the fa locale. */
    nameFa: text('name_fa'),
    description: text('description').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** Selling unit, e.g. "carton of 12". */
    unit: text('unit').notNull(),
    /** The selling unit in Persian («کارتن ۱۲ عددی»), shown in the fa locale; the unit when empty. */
    unitFa: text('unit_fa'),
    status: productStatusEnum('status').notNull().default('active'),
    /** The seller who created the product maintains it (DOMAIN.md "The seller's side"); null: platform. */
    createdBySellerId: integer('created_by_seller_id').references(() => sellers.id, { onDelete: 'set null' }),
    /** The admin's review queue (DOMAIN.md "Product ownership"); hidden products are not listed. */
    reviewState: productReviewStateEnum('review_state').notNull().default('approved'),
    /** Why the admin hid it: the maintaining seller sees this on the product's edit page. */
    reviewReason: text('review_reason'),
    /** When the product last entered the queue (created or edited by a seller). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('products_review_idx').on(t.reviewState, t.submittedAt),
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
)

export const productPhotos = pgTable(
  'product_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt').notNull().default(''),
    /** Display order; the lowest is the "first photo" used in lists and the basket. */
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_photos_product_idx').on(t.productId, t.position)],
)

export const productAttributes = pgTable(
  'product_attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_attributes_product_idx').on(t.productId, t.position)],
)

/** A store's offer of a product. */
export const skus = pgTable(
  'skus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sku: text('sku').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /**
     * The store's seller, copied here so the seller's inventory (20,000+ SKUs over several stores)
     * is one index range per sort order. Set by the `skus_seller_id` trigger from `store_id` on
     * every insert and store change (the 0 default never survives it), so writers need not send it.
     */
    sellerId: integer('seller_id')
      .notNull()
      .default(0)
      .references(() => sellers.id, { onDelete: 'restrict' }),
    /**
     * The product's and the store's names, copied here (like `sellerId`) so the inventory's sorts by
     * product or store and its text search are one index range of the seller, not a join of all
     * 20,000 rows and a sort. Set by the `skus_seller_id` trigger on insert and on a change of
     * product or store, and followed when a product or store is renamed; writers never send them.
     */
    productName: text('product_name').notNull().default(''),
    storeName: text('store_name').notNull().default(''),
    remainingQuantity: integer('remaining_quantity').notNull().default(0),
    alwaysAvailable: boolean('always_available').notNull().default(false),
    piecesPerPack: integer('pieces_per_pack').notNull().default(1),
    /** Below this many units a counted SKU is "low": the inventory filter, the dashboard, the alert. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    status: skuStatusEnum('status').notNull().default('active'),
    /**
     * The SKU's entry tier (lowest minimum quantity among the tiers valid at the moment) and its
     * count of valid tiers, as of the last change of its tiers, and the span [entryFrom, entryUntil)
     * over which they stay true (null: unbounded). Kept by the `prices_refresh_sku_entry` triggers;
     * readers use them only for a moment inside the span and look the tiers up otherwise, so a tier
     * starting or ending never shows a stale figure (see inventory.server.ts).
     */
    entryUnitPrice: bigint('entry_unit_price', { mode: 'number' }),
    entryOfferPrice: bigint('entry_offer_price', { mode: 'number' }),
    activeTiers: integer('active_tiers').notNull().default(0),
    entryFrom: timestamp('entry_from', { withTimezone: true }),
    entryUntil: timestamp('entry_until', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('skus_sku_key').on(t.sku),
    uniqueIndex('skus_store_product_key').on(t.storeId, t.productId),
    index('skus_product_idx').on(t.productId),
    // /seller/inventory's sort orders, each one index range of the seller (forwards or backwards).
    index('skus_seller_updated_idx').on(t.sellerId, t.updatedAt, t.id),
    index('skus_seller_stock_idx').on(t.sellerId, t.remainingQuantity, t.id),
    index('skus_seller_sku_idx').on(t.sellerId, t.sku, t.id),
    index('skus_seller_store_idx').on(t.sellerId, t.storeId, t.id),
    index('skus_seller_product_name_idx').on(t.sellerId, t.productName, t.id),
    index('skus_seller_store_name_idx').on(t.sellerId, t.storeName, t.id),
    // The status and low-stock filters: their page (last changed first) and count read only their rows.
    index('skus_seller_status_idx').on(t.sellerId, t.status, t.updatedAt, t.id),
    index('skus_seller_low_stock_idx')
      .on(t.sellerId, t.updatedAt, t.id)
      .where(sql`not ${t.alwaysAvailable} and ${t.remainingQuantity} < ${t.lowStockThreshold}`),
    // The periodic refresh finds the SKUs whose stored entry tier a tier start or end has overtaken.
    index('skus_entry_until_idx')
      .on(t.entryUntil)
      .where(sql`${t.entryUntil} is not null`),
    // The inventory's text search: SKU codes and the copied product names.
    index('skus_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`),
    index('skus_product_name_trgm_idx').using('gin', sql`${t.productName} gin_trgm_ops`),
    check('skus_remaining_quantity_non_negative', sql`${t.remainingQuantity} >= 0`),
    check('skus_pieces_per_pack_positive', sql`${t.piecesPerPack} >= 1`),
    check('skus_low_stock_threshold_non_negative', sql`${t.lowStockThreshold} >= 0`),
  ],
)

/** A price tier of a SKU. Money in minor units. */
export const prices = pgTable(
  'prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** 0 means no discount. */
    offerPrice: bigint('offer_price', { mode: 'number' }).notNull().default(0),
    pricePerPiece: bigint('price_per_piece', { mode: 'number' }).notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    /** Null: open-ended. */
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    index('prices_sku_idx').on(t.skuId, t.minQuantity),
    // The periodic listing refresh looks up tiers that started or ended since its last run.
    index('prices_valid_from_idx').on(t.validFrom),
    index('prices_valid_to_idx').on(t.validTo),
    check('prices_unit_price_positive', sql`${t.unitPrice} > 0`),
    check('prices_offer_price_below_unit', sql`${t.offerPrice} >= 0 and ${t.offerPrice} < ${t.unitPrice}`),
    check('prices_min_quantity_positive', sql`${t.minQuantity} >= 1`),
    check('prices_validity_ordered', sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
  ],
)
