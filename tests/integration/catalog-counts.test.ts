import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memo, setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listCategoryTree } from '~/features/catalog/catalog-categories.server'
import {
  compactListingCounts,
  readListingCounts,
  recountListingCounts,
} from '~/features/catalog/catalog-counts.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import {
  refreshDueListings,
  refreshListingsOfStores,
  refreshProductListings,
} from '~/features/catalog/catalog-refresh.server'
import { getStore, listStores } from '~/features/catalog/catalog-stores.server'
import type { ProductSearch } from '~/features/catalog/catalog.schemas'
import type { CategoryNode } from '~/features/catalog/catalog.types'
import { selectRows, type DatabaseHandle, type Db } from '~/server/db/client.server'
import { prices, products, skus, stores } from '~/server/db/schema'
import {
  createBrand,
  createCategory,
  createProduct,
  createSku,
  createStore,
  type BrandRow,
  type CategoryRow,
  type StoreRow,
} from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

/**
 * Issue #21: the home page's category and store counts and the browse facets of /product and
 * /category/{slug} come from counts maintained with every listing change (`listing_counts`), not
 * from reading every listing. They must stay equal to a direct count through everything that
 * changes listings: new products, paused SKUs and stores, stock-outs, deleted products.
 */

let handle: DatabaseHandle
let db: Db
let food: CategoryRow
let rice: CategoryRow
let tea: CategoryRow
let brands: BrandRow[]
let storeA: StoreRow
let storeB: StoreRow
const productIds: number[] = []

beforeAll(async () => {
  handle = await createTestDatabase()
  db = handle.db
  setCatalogCacheEnabled(false)
  food = await createCategory(db, { slug: 'counts-food', name: 'Counts Food' })
  rice = await createCategory(db, { parent: food, slug: 'counts-rice', name: 'Counts Rice' })
  tea = await createCategory(db, { parent: food, slug: 'counts-tea', name: 'Counts Tea' })
  brands = [await createBrand(db), await createBrand(db), await createBrand(db)]
  storeA = await createStore(db)
  storeB = await createStore(db)
  for (let i = 0; i < 12; i++) {
    const product = await createProduct(db, { category: i % 3 === 0 ? tea : rice, brand: brands[i % 3]! })
    productIds.push(product.id)
    await createSku(db, {
      store: storeA,
      product,
      remainingQuantity: i % 4 === 1 ? 0 : 50,
      tiers: [
        { unitPrice: 1_000_000 + i * 10_000, offerPrice: i % 2 ? 900_000 : 0, minQuantity: 1 + (i % 3) * 5 },
      ],
    })
    if (i % 2 === 0) await createSku(db, { store: storeB, product })
  }
  await refreshProductListings(db)
}, 120_000)

afterAll(async () => {
  setCatalogCacheEnabled(true)
  await handle?.close()
})

async function directCount(where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from product_listings where ${where}`,
  )
  return Number(row?.n ?? 0)
}

const findNode = (nodes: CategoryNode[], slug: string): CategoryNode | undefined =>
  nodes.flatMap((n) => [n, ...n.children]).find((n) => n.slug === slug)

/** Every maintained count equals the direct count, and every page that shows one agrees. */
async function expectCountsExact(): Promise<void> {
  expect(await readListingCounts(db)).toEqual(await recountListingCounts(db))
  const tree = await listCategoryTree(db)
  for (const category of [food, rice, tea]) {
    expect(findNode(tree, category.slug)?.productCount, category.slug).toBe(
      await directCount(sql`category_path @> array[${category.id}]::int[]`),
    )
  }
  for (const store of [storeA, storeB]) {
    const expected = await directCount(sql`store_ids @> array[${store.id}]::int[]`)
    const summary = await getStore(db, store.slug)
    if (summary) expect(summary.productCount).toBe(expected)
    const listed = (await listStores(db, { page: 1, per_page: 48 })).items.find((s) => s.slug === store.slug)
    if (listed) expect(listed.productCount).toBe(expected)
  }
  // Browsing, and browsing in stock or discounted, reads the maintained counts; the same facets
  // counted over the listings agree.
  for (const category of [undefined, food.slug, rice.slug]) {
    for (const only of [{}, { in_stock: true }, { discount: true }] satisfies ProductSearch[]) {
      const browse = await listProducts(db, { category, ...only })
      // min_price 0 filters nothing but turns browsing into a filtered listing (counted over rows).
      const counted = await listProducts(db, { category, ...only, min_price: 0 })
      const what = `${category ?? 'catalogue'} ${JSON.stringify(only)}`
      expect(browse.total, what).toBe(counted.total)
      expect(browse.totalCapped, what).toBe(false)
      expect(browse.facets, what).toEqual(counted.facets)
    }
  }
}

describe(`maintained listing counts on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('start equal to a direct count after the full refresh', async () => {
    const listing = await listProducts(db, { category: food.slug })
    expect(listing.total).toBe(12)
    expect(listing.facets.categories.map((c) => [c.slug, c.count])).toEqual([
      [rice.slug, 8],
      [tea.slug, 4],
    ])
    expect(listing.facets.brands.map((b) => b.count).sort()).toEqual([4, 4, 4])
    expect(listing.facets.inStock).toBe(9)
    expect(listing.facets.discount).toBe(6)
    expect(listing.facets.price).toEqual({ min: 900_000, max: 1_000_000 })
    // Filtered by stock or by discount alone, every facet is a maintained count too: exact, shown.
    const inStock = await listProducts(db, { category: food.slug, in_stock: true })
    expect(inStock.total).toBe(9)
    expect(inStock.facets.approximate).toBe(false)
    expect(inStock.facets.categories.map((c) => [c.slug, c.count])).toEqual([
      [rice.slug, 6],
      [tea.slug, 3],
    ])
    expect(inStock.facets.brands.map((b) => b.count).sort()).toEqual([3, 3, 3])
    expect(inStock.facets.inStock).toBe(9)
    expect(inStock.facets.discount).toBe(3)
    expect(inStock.facets.maxMoq.map((m) => m.count)).toEqual([7, 7, 8, 9, 9, 9])
    const discounted = await listProducts(db, { discount: true })
    expect(discounted.total).toBe(6)
    expect(discounted.facets.inStock).toBe(3)
    expect(discounted.facets.price).toEqual({ min: 900_000, max: 900_000 })
    await expectCountsExact()
  })

  it('follow a new product, a new brand and a second store selling it', async () => {
    const brand = await createBrand(db)
    const product = await createProduct(db, { category: tea, brand })
    await createSku(db, { store: storeA, product })
    await createSku(db, { store: storeB, product })
    await db.transaction((tx) => refreshProductListings(tx, [product.id]))
    productIds.push(product.id)
    expect((await listProducts(db, { category: tea.slug })).total).toBe(5)
    await expectCountsExact()
  })

  it('follow a paused SKU, a stock-out and a product moved to another category', async () => {
    const [first, second, third] = productIds
    await db.transaction(async (tx) => {
      await tx.update(skus).set({ status: 'inactive' }).where(eq(skus.productId, first!))
      await tx.update(skus).set({ remainingQuantity: 0 }).where(eq(skus.productId, second!))
      await tx.update(products).set({ categoryId: tea.id }).where(eq(products.id, third!))
      await refreshProductListings(tx, [first!, second!, third!])
    })
    expect(await directCount(sql`product_id = ${first!}`)).toBe(0)
    await expectCountsExact()
  })

  it('follow a paused store and a deleted product (the listing goes by cascade)', async () => {
    await db.transaction(async (tx) => {
      await tx.update(stores).set({ status: 'inactive' }).where(eq(stores.id, storeB.id))
      await refreshListingsOfStores(tx, [storeB.id])
    })
    expect(await getStore(db, storeB.slug)).toBeNull()
    const gone = productIds[5]!
    await db.transaction(async (tx) => {
      await tx.delete(skus).where(eq(skus.productId, gone))
      await tx.delete(products).where(eq(products.id, gone))
    })
    await expectCountsExact()
  })

  it('are unchanged by a rolled-back change', async () => {
    const before = await readListingCounts(db)
    await expect(
      db.transaction(async (tx) => {
        await tx.update(skus).set({ status: 'inactive' }).where(inArray(skus.productId, productIds))
        await refreshProductListings(tx, productIds)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await readListingCounts(db)).toEqual(before)
  })

  it('fold into one row per key when compacted (the periodic refresh does it), still exact', async () => {
    const [before] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from listing_counts`)
    await refreshDueListings(db)
    await compactListingCounts(db)
    const [after] = await selectRows<{ n: number; keys: number }>(
      db,
      sql`select count(*)::int as n, count(distinct (scope, facet, value))::int as keys from listing_counts`,
    )
    expect(Number(after!.n)).toBeLessThan(Number(before!.n))
    expect(Number(after!.n)).toBe(Number(after!.keys))
    await expectCountsExact()
  })

  it('the periodic refresh clears the catalogue caches only when a listing really changed', async () => {
    await refreshDueListings(db)
    setCatalogCacheEnabled(true)
    try {
      let computed = 0
      const probe = () => memo('counts-test-probe', 60_000, async () => ++computed)
      await probe()
      const product = productIds[7]!
      const [sku] = await db.select().from(skus).where(eq(skus.productId, product)).limit(1)
      await new Promise((resolve) => setTimeout(resolve, 20))
      // A tier for large quantities starts: due, but the card (entry tier) stays as it was.
      await db.insert(prices).values({
        skuId: sku!.id,
        minQuantity: 500,
        unitPrice: 800_000,
        offerPrice: 0,
        pricePerPiece: 800_000,
        validFrom: new Date(Date.now() - 5),
      })
      const quiet = await refreshDueListings(db)
      expect(quiet).toMatchObject({ scanned: 1, changed: 0 })
      await probe()
      expect(computed).toBe(1)
      // A cheaper entry tier starts: the card's price changes, so the caches go.
      await new Promise((resolve) => setTimeout(resolve, 20))
      await db.insert(prices).values({
        skuId: sku!.id,
        minQuantity: 1,
        unitPrice: 500_000,
        offerPrice: 0,
        pricePerPiece: 500_000,
        validFrom: new Date(Date.now() - 5),
      })
      const changed = await refreshDueListings(db)
      expect(changed.changed).toBeGreaterThan(0)
      await probe()
      expect(computed).toBe(2)
    } finally {
      setCatalogCacheEnabled(false)
    }
    await expectCountsExact()
  })
})
