import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verify } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import { checkTierSet } from '~/features/inventory/tier-rules'
import { findIranCity } from '~/lib/iran-cities'
import type { DatabaseHandle } from '~/server/db/client.server'
import {
  brands,
  categories,
  magazineItems,
  magazineLineSheets,
  magazinePages,
  magazines,
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
import { seedDemoData, type SeedSummary } from '~/features/demo/seed.server'
import { localDiskStorage } from '~/server/providers/storage/storage.server'
import { generateProducts } from '~/features/demo/data/catalog-generator'
import { createSku } from '../factories/create'
import { demoAccounts, demoPassword, demoSeller } from '~/features/demo/data/demo-accounts'
import { generateMarket } from '~/features/demo/data/market-generator'
import { cities } from '~/features/demo/data/people-words'
import { createTestDatabase } from '../support/test-database'
import { featuredMagazines, listPublicMagazines } from '~/features/magazines/magazines-public.server'

type Rows<T extends { $inferSelect: unknown }> = T['$inferSelect'][]

let handle: DatabaseHandle
let mediaRoot: string
let summary: SeedSummary
const data = {} as {
  users: Rows<typeof users>
  categories: Rows<typeof categories>
  brands: Rows<typeof brands>
  sellers: Rows<typeof sellers>
  stores: Rows<typeof stores>
  products: Rows<typeof products>
  photos: Rows<typeof productPhotos>
  attributes: Rows<typeof productAttributes>
  skus: Rows<typeof skus>
  prices: Rows<typeof prices>
}
const tiersBySku = new Map<number, Rows<typeof prices>>()

beforeAll(async () => {
  handle = await createTestDatabase()
  mediaRoot = await mkdtemp(join(tmpdir(), 'omdeh-seed-'))
  summary = await seedDemoData(handle.db, { scale: 1, storage: localDiskStorage(mediaRoot) })
  const db = handle.db
  data.users = await db.select().from(users)
  data.categories = await db.select().from(categories)
  data.brands = await db.select().from(brands)
  data.sellers = await db.select().from(sellers)
  data.stores = await db.select().from(stores)
  data.products = await db.select().from(products)
  data.photos = await db.select().from(productPhotos)
  data.attributes = await db.select().from(productAttributes)
  data.skus = await db.select().from(skus)
  data.prices = await db.select().from(prices)
  for (const tier of data.prices) tiersBySku.set(tier.skuId, [...(tiersBySku.get(tier.skuId) ?? []), tier])
}, 120_000)

afterAll(async () => {
  await handle?.close()
  if (mediaRoot) await rm(mediaRoot, { recursive: true, force: true })
})

/** `/media/products/x.svg` -> the file under the temporary media root. */
const fileFor = (url: string) => join(mediaRoot, url.replace(/^\/media\//, ''))
const exists = (url: string) =>
  stat(fileFor(url)).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  )
const groupCount = <T>(rows: T[], key: (row: T) => unknown) => {
  const counts = new Map<unknown, number>()
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1)
  return counts
}
const urlSafeSlug = /^[a-z0-9]+(-[a-z0-9]+)*$/

describe('seedDemoData at scale 1', () => {
  it('reports what it inserted, in the promised sizes', async () => {
    expect(summary).toEqual({
      users: data.users.length,
      categories: data.categories.length,
      brands: data.brands.length,
      sellers: data.sellers.length,
      stores: data.stores.length,
      products: data.products.length,
      skus: data.skus.length,
      prices: data.prices.length,
      magazines: (await handle.db.select().from(magazines)).length,
    })
    expect(summary).toMatchObject({ sellers: 60, products: 2000, skus: 4000 })
    expect(summary.brands).toBeGreaterThanOrEqual(60)
  })

  it('builds a two-level category tree with ordered, unique slugs and images on disk', async () => {
    const byId = new Map(data.categories.map((c) => [c.id, c]))
    const tops = data.categories.filter((c) => c.parentId === null)
    expect(data.categories.length).toBeGreaterThanOrEqual(40)
    expect(tops.length).toBeGreaterThanOrEqual(8)
    for (const c of data.categories) {
      if (c.parentId !== null) expect(byId.get(c.parentId)?.parentId).toBeNull()
    }
    for (const top of tops) {
      const children = data.categories.filter((c) => c.parentId === top.id)
      expect(children.length).toBeGreaterThanOrEqual(4)
      expect(children.length).toBeLessThanOrEqual(6)
      expect(children.map((c) => c.position).sort((a, b) => a - b)).toEqual(children.map((_, i) => i))
    }
    expect(tops.map((c) => c.position).sort((a, b) => a - b)).toEqual(tops.map((_, i) => i))
    expect(new Set(data.categories.map((c) => c.slug)).size).toBe(data.categories.length)
    for (const c of data.categories) {
      expect(c.slug).toMatch(urlSafeSlug)
      expect(c.image).toBe(`/media/categories/${c.slug}.svg`)
      expect(await exists(c.image ?? '')).toBe(true)
    }
  })

  it('gives every seller its own owner and 1-3 stores; most approved, some pending, a few rejected or suspended', () => {
    expect(new Set(data.sellers.map((s) => s.ownerUserId)).size).toBe(data.sellers.length)
    const storesPerSeller = groupCount(data.stores, (s) => s.sellerId)
    for (const seller of data.sellers) {
      const n = storesPerSeller.get(seller.id) ?? 0
      expect(n).toBeGreaterThanOrEqual(1)
      expect(n).toBeLessThanOrEqual(3)
    }
    const byStatus = groupCount(data.sellers, (s) => s.status)
    expect(byStatus.get('approved') ?? 0).toBeGreaterThan(data.sellers.length * 0.7)
    expect(byStatus.get('pending') ?? 0).toBeGreaterThanOrEqual(5)
    expect((byStatus.get('rejected') ?? 0) + (byStatus.get('suspended') ?? 0)).toBeGreaterThanOrEqual(2)
    const owners = new Map(data.users.map((u) => [u.id, u]))
    for (const seller of data.sellers) expect(owners.get(seller.ownerUserId)?.isSeller).toBe(true)
    // Shown in the fa locale: every seller has a Persian display name, derived from the English one
    // (one per English name), and the demo seller's reads as a Persian business name.
    for (const seller of data.sellers)
      expect(seller.displayNameFa, seller.displayName).toMatch(/^[\u0600-\u06FF\u200c ()]+$/)
    expect(new Set(data.sellers.map((s) => s.displayNameFa)).size).toBe(
      new Set(data.sellers.map((s) => s.displayName)).size,
    )
    expect(data.sellers.find((s) => s.displayName === demoSeller.displayName)?.displayNameFa).toBe(
      'عمده‌فروشی تهرانی',
    )

    const cityNames = new Set(cities.map((c) => c.name))
    expect(new Set(data.stores.map((s) => s.slug)).size).toBe(data.stores.length)
    for (const store of data.stores) {
      expect(store.slug).toMatch(urlSafeSlug)
      expect(cityNames.has(store.city)).toBe(true)
      // The store form accepts only listed cities: a seeded store must save unchanged when edited.
      expect(findIranCity(store.city)?.name).toBe(store.city)
      // Shown in the fa locale: a Persian name beside the English one.
      expect(store.nameFa).toMatch(/^[\u0600-\u06FF\u200c ()]+$/)
    }
    expect(data.stores.filter((s) => s.status === 'active').length).toBeGreaterThan(data.stores.length * 0.75)
  })

  it('gives every product a unique slug, a brand, a leaf category, attributes and a photo file', async () => {
    const leafIds = new Set(data.categories.filter((c) => c.parentId !== null).map((c) => c.id))
    const photos = groupCount(data.photos, (p) => p.productId)
    const attributes = groupCount(data.attributes, (a) => a.productId)
    expect(new Set(data.products.map((p) => p.slug)).size).toBe(data.products.length)
    for (const product of data.products) {
      expect(product.slug).toMatch(urlSafeSlug)
      expect(product.brandId).not.toBeNull()
      expect(leafIds.has(product.categoryId)).toBe(true)
      expect(product.unit).toMatch(/^[a-z]+ of \d+/)
      expect(product.unitFa).toMatch(/^[\u0600-\u06FF\u200c ]+$/)
      expect(product.description.split(/(?<=\.)\s+/).length).toBeGreaterThanOrEqual(2)
      expect(photos.get(product.id) ?? 0).toBeGreaterThanOrEqual(1)
      expect(attributes.get(product.id) ?? 0).toBeGreaterThanOrEqual(3)
      expect(attributes.get(product.id) ?? 0).toBeLessThanOrEqual(6)
    }
    expect(data.products.filter((p) => p.status === 'active').length).toBeGreaterThan(
      data.products.length * 0.85,
    )
    const firstPhotos = data.photos.filter((p) => p.position === 0)
    expect(firstPhotos.length).toBe(data.products.length)
    const missing: string[] = []
    for (const photo of data.photos) if (!(await exists(photo.url))) missing.push(photo.url)
    expect(missing).toEqual([])
  })

  it('offers SKUs only in active stores of approved sellers, with unique codes and store-product pairs', () => {
    const storeById = new Map(data.stores.map((s) => [s.id, s]))
    const sellerById = new Map(data.sellers.map((s) => [s.id, s]))
    expect(new Set(data.skus.map((s) => s.sku)).size).toBe(data.skus.length)
    expect(new Set(data.skus.map((s) => `${s.storeId}:${s.productId}`)).size).toBe(data.skus.length)
    for (const sku of data.skus) {
      const store = storeById.get(sku.storeId)
      expect(sku.sku).toBe(`OMD-${sku.storeId}-${sku.sku.split('-')[2]}`)
      expect(store?.status).toBe('active')
      expect(sellerById.get(store?.sellerId ?? 0)?.status).toBe('approved')
      expect(sku.piecesPerPack).toBeGreaterThanOrEqual(1)
      expect(tiersBySku.get(sku.id)?.length ?? 0).toBeGreaterThanOrEqual(1)
      expect(tiersBySku.get(sku.id)?.length ?? 0).toBeLessThanOrEqual(3)
    }
    expect(data.skus.some((s) => s.remainingQuantity === 0 && !s.alwaysAvailable)).toBe(true)
    expect(data.skus.some((s) => s.alwaysAvailable)).toBe(true)
    expect(data.prices.some((p) => p.offerPrice > 0)).toBe(true)
    const soon = Date.now() + 15 * 24 * 60 * 60 * 1000
    expect(
      data.prices.some((p) => p.validTo && p.validTo.getTime() > Date.now() && p.validTo.getTime() < soon),
    ).toBe(true)
    expect(
      data.skus.some((s) =>
        (tiersBySku.get(s.id) ?? []).every((t) => t.validTo && t.validTo.getTime() <= Date.now()),
      ),
    ).toBe(true)
  })

  it('creates the documented demo accounts with the shared password', async () => {
    const byPhone = new Map(data.users.map((u) => [u.cellphone, u]))
    const admin = byPhone.get(demoAccounts.admin.cellphone)
    const buyer = byPhone.get(demoAccounts.buyer.cellphone)
    const seller = byPhone.get(demoAccounts.seller.cellphone)
    const pending = byPhone.get(demoAccounts.pendingSeller.cellphone)
    const observer = byPhone.get(demoAccounts.observer.cellphone)
    expect(admin).toMatchObject({ isAdmin: true, isSeller: false, firstName: demoAccounts.admin.firstName })
    expect(buyer).toMatchObject({ isAdmin: false, isSeller: false, isObserver: false })
    expect(seller).toMatchObject({ isSeller: true, isAdmin: false })
    expect(pending).toMatchObject({ isSeller: true })
    expect(observer).toMatchObject({ isObserver: true, isSeller: false })

    const approved = data.sellers.find((s) => s.ownerUserId === seller?.id)
    expect(approved).toMatchObject({ status: 'approved', displayName: demoSeller.displayName })
    const demoStores = data.stores.filter((s) => s.sellerId === approved?.id)
    expect(demoStores).toHaveLength(2)
    for (const store of demoStores)
      expect(data.skus.filter((s) => s.storeId === store.id).length).toBeGreaterThan(10)
    expect(data.sellers.find((s) => s.ownerUserId === pending?.id)?.status).toBe('pending')
    expect(observer?.pointingSellerId).toBe(approved?.id)

    for (const account of [admin, buyer, seller, pending, observer]) {
      expect(account?.lastName).toBeTruthy()
      expect(account?.passwordHash).toMatch(/^\$argon2id\$/)
    }
    expect(await verify(admin?.passwordHash ?? '', demoPassword)).toBe(true)
    expect(await verify(admin?.passwordHash ?? '', 'wrong-password')).toBe(false)
    const others = data.users.filter(
      (u) => !Object.values(demoAccounts).some((a) => a.cellphone === u.cellphone),
    )
    expect(others.every((u) => u.passwordHash === null)).toBe(true)
  })
})

describe('the demo magazines', () => {
  const persian = /[\u0600-\u06FF]/
  const latinOnly = /^[\x20-\x7E\u2013\u2014\u2019]+$/

  it('publishes magazines of several sellers, in Persian and in English, with covers on disk', async () => {
    const rows = await handle.db.select().from(magazines)
    const published = rows.filter((m) => m.status === 'published' && m.publishedAt !== null)
    expect(published.length).toBeGreaterThanOrEqual(3)
    expect(new Set(published.map((m) => m.sellerId)).size).toBeGreaterThanOrEqual(2)
    // A magazine is written in one language, by its seller: some in Persian, some in English.
    expect(published.some((m) => persian.test(m.title) && persian.test(m.description))).toBe(true)
    expect(published.some((m) => latinOnly.test(m.title) && latinOnly.test(m.description))).toBe(true)
    for (const magazine of published) {
      expect(magazine.cover).toMatch(/^\/media\/magazines\//)
      expect(await exists(magazine.cover ?? '')).toBe(true)
    }
  })

  it("fills each with pages of its own seller's live offers", async () => {
    const storeById = new Map(data.stores.map((s) => [s.id, s]))
    const skuById = new Map(data.skus.map((s) => [s.id, s]))
    const productById = new Map(data.products.map((p) => [p.id, p]))
    for (const magazine of await handle.db.select().from(magazines)) {
      const pages = await handle.db
        .select()
        .from(magazinePages)
        .where(eq(magazinePages.magazineId, magazine.id))
      expect(pages.length).toBeGreaterThanOrEqual(1)
      // Each page is one category, named by it.
      expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length)
      for (const page of pages) {
        expect(page.title).not.toBe('')
        const items = await handle.db.select().from(magazineItems).where(eq(magazineItems.pageId, page.id))
        expect(items.length).toBeGreaterThanOrEqual(1)
        for (const item of items) {
          const sku = skuById.get(item.skuId)!
          expect(storeById.get(sku.storeId)?.sellerId).toBe(magazine.sellerId)
          expect(sku.status).toBe('active')
          expect(productById.get(sku.productId)?.status).toBe('active')
        }
      }
    }
  })

  it("has one magazine's PDF line sheet drawn and stored, and the public lists show them", async () => {
    const sheets = await handle.db.select().from(magazineLineSheets)
    expect(sheets.length).toBeGreaterThanOrEqual(1)
    for (const sheet of sheets) {
      const file = await stat(join(mediaRoot, sheet.mediaKey))
      expect(file.size).toBe(sheet.bytes)
      expect(sheet.bytes).toBeGreaterThan(1000)
    }
    const demo = data.sellers.find((s) => s.displayName === demoSeller.displayName)!
    const [withSheet] = await handle.db
      .select()
      .from(magazines)
      .where(eq(magazines.id, sheets[0]!.magazineId))
    expect(withSheet?.sellerId).toBe(demo.id)

    const list = await listPublicMagazines(handle.db, {})
    expect(list.total).toBe((await handle.db.select().from(magazines)).length)
    expect(list.sellers.length).toBeGreaterThanOrEqual(2)
    expect((await featuredMagazines(handle.db)).length).toBeGreaterThanOrEqual(3)
  })
})

describe('seeded prices (property-based over random SKUs)', () => {
  const anySku = () => fc.integer({ min: 0, max: data.skus.length - 1 }).map((i) => data.skus[i]!)
  const tiersOf = (skuId: number) =>
    [...(tiersBySku.get(skuId) ?? [])].sort((a, b) => a.minQuantity - b.minQuantity)
  const runs = { numRuns: 1000 }

  it('every SKU meets the tier rules: a larger quantity is never dearer per unit, at any moment', async () => {
    const rows = await handle.db.select().from(prices)
    const bySku = new Map<number, (typeof rows)[number][]>()
    for (const row of rows) bySku.set(row.skuId, [...(bySku.get(row.skuId) ?? []), row])
    const broken = [...bySku].filter(([, tiers]) => checkTierSet(tiers).length > 0).map(([skuId]) => skuId)
    expect(broken).toEqual([])
  })

  it("explains every SKU's stock: opening movements and the demo orders' reservations sum to it", async () => {
    expect(await ledgerMismatches(handle.db)).toEqual([])
    const reservations = await handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.kind, 'reservation'))
    expect(reservations.length).toBeGreaterThan(0)
    expect(reservations.every((row) => row.orderId !== null && row.delta < 0)).toBe(true)
  })

  it('every active SKU has a currently valid tier', () => {
    const now = Date.now()
    fc.assert(
      fc.property(anySku(), (sku) => {
        if (sku.status !== 'active') return
        const valid = tiersOf(sku.id).some(
          (t) => t.validFrom.getTime() <= now && (t.validTo === null || now < t.validTo.getTime()),
        )
        expect(valid).toBe(true)
      }),
      runs,
    )
  })

  it("a SKU's tiers have distinct minimum quantities, the first at least 1", () => {
    fc.assert(
      fc.property(anySku(), (sku) => {
        const tiers = tiersOf(sku.id)
        expect(new Set(tiers.map((t) => t.minQuantity)).size).toBe(tiers.length)
        expect(tiers[0]?.minQuantity).toBeGreaterThanOrEqual(1)
      }),
      runs,
    )
  })

  it('an offer price is 0 or below its unit price, and the price per piece follows the effective price', () => {
    fc.assert(
      fc.property(anySku(), (sku) => {
        for (const t of tiersOf(sku.id)) {
          expect(Number.isInteger(t.unitPrice) && t.unitPrice > 0).toBe(true)
          expect(t.offerPrice === 0 || (t.offerPrice > 0 && t.offerPrice < t.unitPrice)).toBe(true)
          const effective = t.offerPrice > 0 ? t.offerPrice : t.unitPrice
          expect(t.pricePerPiece).toBe(Math.round(effective / sku.piecesPerPack))
        }
      }),
      runs,
    )
  })

  it('a higher minimum quantity never has a higher unit price', () => {
    fc.assert(
      fc.property(anySku(), (sku) => {
        const tiers = tiersOf(sku.id)
        for (let i = 1; i < tiers.length; i++) {
          expect(tiers[i]!.unitPrice).toBeLessThanOrEqual(tiers[i - 1]!.unitPrice)
        }
      }),
      runs,
    )
  })
})

describe('the generators are deterministic', () => {
  it('gives the same product names and slugs for the same scale', () => {
    const first = generateProducts(2000)
    const second = generateProducts(2000)
    expect(second.map((p) => p.name)).toEqual(first.map((p) => p.name))
    expect(second.map((p) => p.slug)).toEqual(first.map((p) => p.slug))
    expect(new Set(first.map((p) => p.name)).size).toBeGreaterThan(1000)
  })

  it('gives the same sellers and stores for the same scale, and more at a bigger scale', () => {
    const names = (scale: number) =>
      generateMarket(scale).sellers.flatMap((s) => s.stores.map((st) => st.slug))
    expect(names(1)).toEqual(names(1))
    expect(generateMarket(2).sellers).toHaveLength(120)
  })

  it('matches what the seed stored', () => {
    const stored = new Set(data.products.map((p) => p.name))
    expect(generateProducts(2000).every((p) => stored.has(p.name))).toBe(true)
  })
})

describe('the insert factories', () => {
  it('create a SKU with everything it depends on, next to the seeded data', async () => {
    const sku = await createSku(handle.db, {
      tiers: [{ unitPrice: 2_000_000 }, { unitPrice: 1_800_000, offerPrice: 1_500_000 }],
    })
    expect(sku.sku).toMatch(/^TST-/)
    expect(sku.prices.map((p) => [p.minQuantity, p.pricePerPiece])).toEqual([
      [1, 2_000_000],
      [10, 1_500_000],
    ])
  })
})
