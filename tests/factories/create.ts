/**
 * Insert helpers for integration tests: each creates one row with sensible, unique defaults and
 * whatever the test overrides, creating the rows it depends on when they are not given.
 */
import type { SellerStatus } from '~/lib/domain-enums'
import type { DbOrTx } from '~/server/db/client.server'
import {
  brands,
  categories,
  prices,
  productAttributes,
  productPhotos,
  products,
  sellers,
  skus,
  stockMovements,
  stores,
  users,
} from '~/server/db/schema'

export type UserRow = typeof users.$inferSelect
export type SellerRow = typeof sellers.$inferSelect
export type StoreRow = typeof stores.$inferSelect
export type CategoryRow = typeof categories.$inferSelect
export type BrandRow = typeof brands.$inferSelect
export type ProductRow = typeof products.$inferSelect
export type ProductPhotoRow = typeof productPhotos.$inferSelect
export type ProductAttributeRow = typeof productAttributes.$inferSelect
export type SkuRow = typeof skus.$inferSelect
export type PriceRow = typeof prices.$inferSelect

// Test files may share one PostgreSQL database; a random start keeps their values apart.
let counter = Math.floor(Math.random() * 5_000_000)

/** A fresh number for unique values. */
export function sequence(): number {
  return ++counter
}

/** A +98 mobile in a range that neither the demo accounts (+98912) nor the seed (+98935) use. */
export function uniquePhone(): string {
  return `+98936${String(sequence() % 10_000_000).padStart(7, '0')}`
}

async function insertOne<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function createUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const n = sequence()
  return insertOne(
    db
      .insert(users)
      .values({ cellphone: uniquePhone(), firstName: 'Test', lastName: `User ${n}`, ...overrides })
      .returning(),
  )
}

export interface CreateSellerInput extends Partial<
  Omit<typeof sellers.$inferInsert, 'ownerUserId' | 'status'>
> {
  owner?: Pick<UserRow, 'id'>
  status?: SellerStatus
}

/** A seller and its owner (created with is_seller when not given). Approved unless told otherwise. */
export async function createSeller(
  db: DbOrTx,
  { owner, status = 'approved', ...overrides }: CreateSellerInput = {},
): Promise<SellerRow & { owner: Pick<UserRow, 'id'> }> {
  const ownerRow = owner ?? (await createUser(db, { isSeller: true }))
  const n = sequence()
  const seller = await insertOne(
    db
      .insert(sellers)
      .values({
        ownerUserId: ownerRow.id,
        legalName: `Test Trading ${n} Co.`,
        displayName: `Test Trading ${n}`,
        nationalId: String(10_000_000_000 + n),
        phone: `+9821${String(n % 100_000_000).padStart(8, '0')}`,
        city: 'Tehran',
        address: `No. ${n % 200}, Enghelab St, Tehran`,
        status,
        // Business: a test seller is not stopped by plan limits unless the test puts it on a smaller plan.
        planCode: 'business',
        ...overrides,
      })
      .returning(),
  )
  return { ...seller, owner: ownerRow }
}

export interface CreateStoreInput extends Partial<Omit<typeof stores.$inferInsert, 'sellerId'>> {
  seller?: Pick<SellerRow, 'id'>
}

export async function createStore(
  db: DbOrTx,
  { seller, ...overrides }: CreateStoreInput = {},
): Promise<StoreRow> {
  const sellerRow = seller ?? (await createSeller(db))
  const n = sequence()
  return insertOne(
    db
      .insert(stores)
      .values({
        sellerId: sellerRow.id,
        slug: `test-store-${n}`,
        name: `Test Store ${n}`,
        city: 'Tehran',
        ...overrides,
      })
      .returning(),
  )
}

export interface CreateCategoryInput extends Partial<Omit<typeof categories.$inferInsert, 'parentId'>> {
  parent?: Pick<CategoryRow, 'id'> | null
}

export async function createCategory(
  db: DbOrTx,
  { parent, ...overrides }: CreateCategoryInput = {},
): Promise<CategoryRow> {
  const n = sequence()
  return insertOne(
    db
      .insert(categories)
      .values({
        parentId: parent?.id ?? null,
        slug: `test-category-${n}`,
        name: `Test Category ${n}`,
        ...overrides,
      })
      .returning(),
  )
}

export async function createBrand(
  db: DbOrTx,
  overrides: Partial<typeof brands.$inferInsert> = {},
): Promise<BrandRow> {
  const n = sequence()
  return insertOne(
    db
      .insert(brands)
      .values({ slug: `test-brand-${n}`, name: `Test Brand ${n}`, ...overrides })
      .returning(),
  )
}

export interface CreateProductInput extends Partial<
  Omit<typeof products.$inferInsert, 'categoryId' | 'brandId'>
> {
  category?: Pick<CategoryRow, 'id'>
  /** null: no brand; omitted: a new brand. */
  brand?: Pick<BrandRow, 'id'> | null
  /** Photo URLs in display order; defaults to one placeholder. */
  photos?: string[]
  attributes?: { key: string; value: string }[]
}

export async function createProduct(
  db: DbOrTx,
  { category, brand, photos, attributes = [], ...overrides }: CreateProductInput = {},
): Promise<ProductRow & { photos: ProductPhotoRow[]; attributes: ProductAttributeRow[] }> {
  const categoryRow = category ?? (await createCategory(db))
  const brandRow = brand === undefined ? await createBrand(db) : brand
  const n = sequence()
  const product = await insertOne(
    db
      .insert(products)
      .values({
        slug: `test-product-${n}`,
        name: `Test Product ${n}`,
        description: 'A product made by a test.',
        categoryId: categoryRow.id,
        brandId: brandRow?.id ?? null,
        unit: 'carton of 12',
        ...overrides,
      })
      .returning(),
  )
  const photoUrls = photos ?? [`/media/products/${product.slug}.svg`]
  const photoRows = photoUrls.length
    ? await db
        .insert(productPhotos)
        .values(
          photoUrls.map((url, position) => ({ productId: product.id, url, alt: product.name, position })),
        )
        .returning()
    : []
  const attributeRows = attributes.length
    ? await db
        .insert(productAttributes)
        .values(
          attributes.map((a, position) => ({ productId: product.id, key: a.key, value: a.value, position })),
        )
        .returning()
    : []
  return { ...product, photos: photoRows, attributes: attributeRows }
}

/** A price tier; price_per_piece defaults to the effective price over the SKU's pieces per pack. */
export type TierInput = Partial<Omit<typeof prices.$inferInsert, 'skuId'>>

export interface CreateSkuInput extends Partial<Omit<typeof skus.$inferInsert, 'storeId' | 'productId'>> {
  store?: Pick<StoreRow, 'id'>
  product?: Pick<ProductRow, 'id'>
  /** Defaults to one open-ended tier from quantity 1 at 1,000,000 IRR. */
  tiers?: TierInput[]
}

export async function createSku(
  db: DbOrTx,
  { store, product, tiers = [{}], ...overrides }: CreateSkuInput = {},
): Promise<SkuRow & { prices: PriceRow[] }> {
  const storeRow = store ?? (await createStore(db))
  const productRow = product ?? (await createProduct(db))
  const n = sequence()
  const sku = await insertOne(
    db
      .insert(skus)
      .values({
        sku: `TST-${storeRow.id}-${n}`,
        storeId: storeRow.id,
        productId: productRow.id,
        remainingQuantity: 100,
        ...overrides,
      })
      .returning(),
  )
  // The stock ledger opens with the SKU's first figure, as the seed's SKUs do.
  if (sku.remainingQuantity !== 0)
    await db.insert(stockMovements).values({
      skuId: sku.id,
      kind: 'adjustment',
      delta: sku.remainingQuantity,
      resultingQuantity: sku.remainingQuantity,
      reason: 'opening_stock',
    })
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000)
  const priceRows = tiers.length
    ? await db
        .insert(prices)
        .values(
          tiers.map((tier, i) => {
            const unitPrice = tier.unitPrice ?? 1_000_000
            const offerPrice = tier.offerPrice ?? 0
            return {
              skuId: sku.id,
              minQuantity: i === 0 ? 1 : i * 10,
              validFrom: yesterday,
              validTo: null,
              ...tier,
              unitPrice,
              offerPrice,
              pricePerPiece:
                tier.pricePerPiece ??
                Math.round((offerPrice > 0 ? offerPrice : unitPrice) / sku.piecesPerPack),
            }
          }),
        )
        .returning()
    : []
  return { ...sku, prices: priceRows }
}
