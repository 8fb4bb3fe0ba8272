import { sql } from 'drizzle-orm'
import { bigint, boolean, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog'

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * The catalogue's read model: one row per *listed* product (active, with at least one live offer),
 * denormalised so the /product listing, its facets and its search read one table. Rebuilt by
 * `refreshProductListings` after catalogue, inventory or order payment changes, and for tiers that
 * start or end and orders that leave the popularity window by `refreshDueListings` (periodic).
 * Prices are the entry tiers valid at refresh time.
 */
export const productListings = pgTable(
  'product_listings',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    brandId: integer('brand_id'),
    brandName: text('brand_name'),
    categoryId: integer('category_id').notNull(),
    /** The category and every ancestor, so a parent category filter is one array test. */
    categoryPath: integer('category_path').array().notNull(),
    /** Stores with a live offer: the `store` filter. */
    storeIds: integer('store_ids').array().notNull(),
    image: text('image'),
    /** Lowest effective entry-tier price over live offers, minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** The unit price of that same tier when it is discounted, else null. */
    listPrice: bigint('list_price', { mode: 'number' }),
    /** Lowest entry-tier minimum quantity over live offers. */
    moq: integer('moq').notNull(),
    inStock: boolean('in_stock').notNull(),
    discount: boolean('discount').notNull(),
    storeCount: integer('store_count').notNull(),
    /**
     * Units ordered in the 30 days before the refresh, over orders that are paid and still standing
     * (paid, accepted, shipped, delivered, completed): what "popular" sorts by first.
     */
    orderedUnits30d: integer('ordered_units_30d').notNull().default(0),
    /**
     * When the oldest of those orders leaves the 30-day window (null: none counted). The periodic
     * refresh recomputes the rows that reach it, so the count slides without any order changing.
     */
    orderedUnitsDueAt: timestamp('ordered_units_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('product_listings_category_path_idx').using('gin', t.categoryPath),
    index('product_listings_store_ids_idx').using('gin', t.storeIds),
    index('product_listings_brand_idx').on(t.brandId),
    index('product_listings_newest_idx').on(t.createdAt.desc(), t.productId.desc()),
    index('product_listings_price_idx').on(t.price, t.productId),
    // A category's price range: one index probe per (leaf) category instead of reading its listings.
    index('product_listings_category_price_idx').on(t.categoryId, t.price),
    // The same for the listings in stock, and for the discounted ones: the price facet of a
    // category (or the catalogue) filtered by one of them, without reading the filtered listings.
    index('product_listings_in_stock_price_idx')
      .on(t.categoryId, t.price)
      .where(sql`${t.inStock}`),
    index('product_listings_discount_price_idx')
      .on(t.categoryId, t.price)
      .where(sql`${t.discount}`),
    index('product_listings_popular_idx').on(
      t.orderedUnits30d.desc(),
      t.storeCount.desc(),
      t.createdAt.desc(),
      t.productId.desc(),
    ),
    index('product_listings_ordered_units_due_idx')
      .on(t.orderedUnitsDueAt)
      .where(sql`${t.orderedUnitsDueAt} is not null`),
  ],
)

/**
 * The search document of each listed product, apart from product_listings so that the listing's
 * rows stay narrow (facet counts and filters scan them; the document is several times their size).
 *
 * It also carries copies of the listing's facet filter columns (brand, price, MOQ, in stock,
 * discount), written by the same refresh statement as the listing row: a search filtered by them
 * counts its matches from the documents it has already read, instead of looking every match up in
 * product_listings by key.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => productListings.productId, { onDelete: 'cascade' }),
    /** name A, brand B, category names C, description D; English stems plus the plain words. */
    search: tsvector('search').notNull(),
    /** The listing's own values (product_listings), always equal to them. */
    brandId: integer('brand_id'),
    price: bigint('price', { mode: 'number' }).notNull(),
    moq: integer('moq').notNull(),
    inStock: boolean('in_stock').notNull(),
    discount: boolean('discount').notNull(),
  },
  (t) => [index('product_search_search_idx').using('gin', t.search)],
)

/**
 * The words of product names, brands and categories: the vocabulary that a misspelt search word is
 * corrected against (pg_trgm similarity). Small (thousands of rows) whatever the catalogue size.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
)

/**
 * Listed products counted by category, brand, store and the browse facets, kept by statement-level
 * triggers on `product_listings` (see the migration that creates them): every insert, update or
 * delete of listings, in the same transaction, appends one row per changed key with the difference
 * (+n / -n), so concurrent refreshes never wait on a shared counter row. The count of a key is the
 * sum of its rows; `compactListingCounts` folds them back to one row per key now and then.
 *
 * Keys: `scope` is 0 (the whole catalogue) or a category id (the category and everything below);
 * `facet` is `all` (value 0), `brand` (value: brand id), `in_stock` / `discount` (value 0), `moq`
 * (value: the listing's MOQ, so "MOQ at most t" is a sum over values <= t), and `store` (scope 0,
 * value: store id). The same counted among the listings in stock only and among the discounted
 * only, so the facets of a listing filtered by one of them are counts too: `in_stock:brand`,
 * `in_stock:moq`, `discount:brand`, `discount:moq`, and `in_stock:discount` (value 0: both).
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    scope: integer('scope').notNull(),
    facet: text('facet').notNull(),
    value: integer('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('listing_counts_key_idx').on(t.scope, t.facet, t.value)],
)

/** One row: the moment up to which tier starts and ends are reflected in `product_listings`. */
export const listingRefreshState = pgTable('listing_refresh_state', {
  id: integer('id').primaryKey(),
  refreshedThrough: timestamp('refreshed_through', { withTimezone: true }).notNull(),
})
