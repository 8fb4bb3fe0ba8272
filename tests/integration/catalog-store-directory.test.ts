import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { listStores } from '~/features/catalog/catalog-stores.server'
import { selectRows, type DatabaseHandle } from '~/server/db/client.server'
import { createProduct, createSeller, createSku, createStore } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

/**
 * The public store directory (home page strip, /api/stores): stores with the most products on
 * offer first, then by name. A page is read from the stores that have products when it fits among
 * them, else from the whole directory: every page must be what one sort of every open store gives.
 */

let handle: DatabaseHandle
const db = () => handle.db

beforeAll(async () => {
  handle = await createTestDatabase()
  setCatalogCacheEnabled(false)
})
afterAll(async () => {
  setCatalogCacheEnabled(true)
  await handle?.close()
})

describe(`store directory (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('pages through open stores by products on offer, then name, the same on every page', async () => {
    // Product counts 3, 2, 2, 1, 0, 0 among open stores; a store whose seller is suspended and a
    // paused store, both with products, never show.
    const counts = [3, 2, 2, 1, 0, 0]
    const names = ['Pars', 'Arya', 'Kavir', 'Zagros', 'Alborz', 'Bazaar']
    const open = []
    const productIds: number[] = []
    for (const [i, name] of names.entries()) {
      const store = await createStore(db(), { name: `${name} Wholesale` })
      open.push(store)
      for (let k = 0; k < counts[i]!; k++) {
        const product = await createProduct(db())
        await createSku(db(), { store, product })
        productIds.push(product.id)
      }
    }
    const hidden = [
      await createStore(db(), {
        name: 'Hidden Suspended',
        seller: await createSeller(db(), { status: 'suspended' }),
      }),
      await createStore(db(), { name: 'Hidden Paused', status: 'inactive' }),
    ]
    for (const store of hidden) {
      const product = await createProduct(db())
      await createSku(db(), { store, product })
      productIds.push(product.id)
    }
    await refreshProductListings(db(), productIds)

    const expected = [
      ['Pars Wholesale', 3],
      ['Arya Wholesale', 2],
      ['Kavir Wholesale', 2],
      ['Zagros Wholesale', 1],
      ['Alborz Wholesale', 0],
      ['Bazaar Wholesale', 0],
    ]
    // The directory may hold stores other tests made: compare against one plain sort of all of them.
    const all = await selectRows<{ name: string; n: number }>(
      db(),
      sql`select st.name, (select count(*) from product_listings l where l.store_ids @> array[st.id])::int as n
          from stores st join sellers se on se.id = st.seller_id and se.status = 'approved'
          where st.status = 'active' order by n desc, st.name, st.id`,
    )
    expect(
      all.filter((r) => names.some((n) => r.name.startsWith(n))).map((r) => [r.name, Number(r.n)]),
    ).toEqual(expected)
    for (const perPage of [1, 2, 4]) {
      const seen: [string, number][] = []
      for (let page = 1; page <= Math.ceil(all.length / perPage) + 1; page++) {
        const list = await listStores(db(), { page, per_page: perPage })
        expect(list.total).toBe(all.length)
        seen.push(...list.items.map((s): [string, number] => [s.name, s.productCount]))
        // The home page's strip: the same cards, without the total.
        const strip = await listStores(db(), { page, per_page: perPage }, { count: false })
        expect(strip.items).toEqual(list.items)
      }
      expect(seen).toEqual(all.map((r) => [r.name, Number(r.n)]))
    }
    // A name search pages the same way.
    const searched = await listStores(db(), { page: 1, per_page: 2, q: 'wholesale' })
    expect(searched.items.map((s) => s.name)).toEqual(['Pars Wholesale', 'Arya Wholesale'])
    const rest = await listStores(db(), { page: 3, per_page: 2, q: 'wholesale' })
    expect(rest.items.map((s) => s.name)).toEqual(['Alborz Wholesale', 'Bazaar Wholesale'])
    expect(rest.total).toBe(6)
  })
})
