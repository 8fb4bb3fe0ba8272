import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { suggest } from '~/features/catalog/catalog-search.server'
import { FOLDED_LETTERS, foldSearchText } from '~/lib/search-fold'
import { selectRows, type DatabaseHandle } from '~/server/db/client.server'
import { createBrand, createCategory, createProduct, createSku } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

/**
 * Persian search (issue #22): products, brands and categories carry a Persian name beside the
 * English one, and a buyer finds them whichever way they type Persian: Arabic or Persian yeh and
 * kaf, with or without the zero-width non-joiner, Persian or Latin digits, a typo.
 */

let handle: DatabaseHandle
const db = () => handle.db
const names = (items: { name: string }[]) => items.map((i) => i.name)

beforeAll(async () => {
  handle = await createTestDatabase()
  setCatalogCacheEnabled(false)
  const food = await createCategory(db(), { name: 'Pantry', slug: 'pantry', nameFa: 'خواربار' })
  const grains = await createCategory(db(), {
    parent: food,
    name: 'Rice & Grains',
    slug: 'rice-and-grains',
    nameFa: 'برنج و غلات',
  })
  const oils = await createCategory(db(), { parent: food, name: 'Oils', slug: 'oils', nameFa: 'روغن' })
  const golbarg = await createBrand(db(), { name: 'Golbarg', slug: 'golbarg', nameFa: 'گلبرگ' })
  const made = [
    await createProduct(db(), {
      name: 'Premium Tarom Rice 10 kg Sack',
      nameFa: 'برنج طارم ممتاز کیسه ۱۰ کیلویی',
      category: grains,
      brand: golbarg,
    }),
    await createProduct(db(), {
      name: 'Sunflower Oil 1.5 L Bottle',
      nameFa: 'روغن آفتابگردان بطری ۱٫۵ لیتری',
      category: oils,
      brand: golbarg,
    }),
    await createProduct(db(), {
      name: 'Dishwashing Liquid',
      nameFa: 'مایع ظرفشویی',
      category: oils,
      brand: golbarg,
    }),
    await createProduct(db(), {
      name: 'Sink Cleaner',
      // Typed on an Arabic keyboard, with a non-joiner: found by its Persian spelling all the same.
      nameFa: 'پاك‌كننده سينك',
      category: oils,
      brand: golbarg,
    }),
  ]
  for (const product of made) await createSku(db(), { product })
  await refreshProductListings(
    db(),
    made.map((p) => p.id),
  )
}, 120_000)

afterAll(async () => {
  setCatalogCacheEnabled(true)
  await handle?.close()
})

describe(`Persian search on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('the database folds text exactly as the words typed are folded', async () => {
    const samples = [
      FOLDED_LETTERS,
      'كيك ي ك',
      'می‌خواهم',
      '۱۲۳٤٥٦ 789',
      'مُحَمَّد',
      'کتـــاب',
      'آب أنار إيران مؤسسه ۀ ة ھ ئ ى',
      'Plain English 42',
    ]
    for (const text of samples) {
      const [row] = await selectRows<{ folded: string }>(
        db(),
        sql`select search_normalize(${text}) as folded`,
      )
      expect(row?.folded, text).toBe(foldSearchText(text))
    }
  })

  it('finds a product by its Persian name, written with Persian or Arabic letters', async () => {
    for (const q of ['برنج', 'برنج طارم', 'برنج طارم ممتاز', 'طارم', 'برنج طارم']) {
      expect(names((await listProducts(db(), { q })).items), q).toEqual(['Premium Tarom Rice 10 kg Sack'])
    }
    // Arabic yeh and kaf (ي ك) as an Arabic keyboard types them.
    expect(names((await listProducts(db(), { q: 'پاک کننده' })).items)).toEqual(['Sink Cleaner'])
    expect(names((await listProducts(db(), { q: 'سينك' })).items)).toEqual(['Sink Cleaner'])
    expect(names((await listProducts(db(), { q: 'مايع ظرفشويي' })).items)).toEqual(['Dishwashing Liquid'])
  })

  it('treats the non-joiner as a word break and Persian digits as digits', async () => {
    expect(names((await listProducts(db(), { q: 'پاک‌کننده' })).items)).toEqual(['Sink Cleaner'])
    expect(names((await listProducts(db(), { q: 'برنج 10' })).items)).toEqual([
      'Premium Tarom Rice 10 kg Sack',
    ])
    expect(names((await listProducts(db(), { q: 'برنج ۱۰' })).items)).toEqual([
      'Premium Tarom Rice 10 kg Sack',
    ])
  })

  it('finds products by the Persian name of their brand or category', async () => {
    const byBrand = await listProducts(db(), { q: 'گلبرگ' })
    expect(byBrand.total).toBe(4)
    const byCategory = await listProducts(db(), { q: 'غلات' })
    expect(names(byCategory.items)).toEqual(['Premium Tarom Rice 10 kg Sack'])
  })

  it('corrects a misspelt Persian word to the catalogue word, and says so', async () => {
    // آفتابگردان typed with a wrong letter.
    const listing = await listProducts(db(), { q: 'آفتابگردون' })
    expect(names(listing.items)).toEqual(['Sunflower Oil 1.5 L Bottle'])
    expect(listing.correctedQuery).toBe('افتابگردان')
  })

  it('suggests the brand and category for a Persian word in the header search', async () => {
    const brand = await suggest(db(), 'گلبر')
    expect(brand.filter((s) => s.kind === 'brand').map((s) => s.label)).toEqual(['Golbarg'])
    const category = await suggest(db(), 'غلات')
    expect(category.filter((s) => s.kind === 'category').map((s) => s.label)).toEqual(['Rice & Grains'])
    expect(category.filter((s) => s.kind === 'product').map((s) => s.label)).toEqual([
      'Premium Tarom Rice 10 kg Sack · Golbarg',
    ])
  })
})
