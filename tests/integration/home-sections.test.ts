import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { getHomeSections } from '~/features/catalog/catalog.server'
import type { Locale } from '~/lib/i18n'
import type { DatabaseHandle, Db } from '~/server/db/client.server'
import { inLocale } from '~/server/log.server'
import { createProduct, createSku, createStore } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

/**
 * The home page's strips are read once per language and reused (issue #21: a signed-in reader's
 * home page is rendered every time): a reader sees their own language's names, and a product that
 * the listing refresh has just listed is on the strip at once, not after the reuse runs out.
 */

let handle: DatabaseHandle
let db: Db
const newest = (locale: Locale) =>
  inLocale(locale, async () => (await getHomeSections(db)).newProducts.map((card) => card.name))

describe(`the home page's strips (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  beforeAll(async () => {
    handle = await createTestDatabase()
    db = handle.db
    setCatalogCacheEnabled(true)
  })
  afterAll(async () => {
    await handle.close()
  })

  it('names the products in the reader’s language, each language kept apart', async () => {
    const store = await createStore(db)
    const tea = await createProduct(db, { name: 'Black Tea 500 g', nameFa: 'چای سیاه ۵۰۰ گرمی' })
    await createSku(db, { store, product: tea })
    await refreshProductListings(db, [tea.id])
    expect((await newest('en'))[0]).toBe('Black Tea 500 g')
    expect((await newest('fa'))[0]).toBe('چای سیاه ۵۰۰ گرمی')
    // Asked again: the same answers, each in its language.
    expect((await newest('en'))[0]).toBe('Black Tea 500 g')
    expect((await newest('fa'))[0]).toBe('چای سیاه ۵۰۰ گرمی')
  })

  it('shows a product on the strip as soon as the listing refresh has listed it', async () => {
    const store = await createStore(db)
    const before = await newest('en')
    const rice = await createProduct(db, { name: 'Basmati Rice 10 kg' })
    await createSku(db, { store, product: rice })
    // Not listed yet: the strip is as it was.
    expect(await newest('en')).toEqual(before)
    await refreshProductListings(db, [rice.id])
    expect((await newest('en'))[0]).toBe('Basmati Rice 10 kg')
  })
})
