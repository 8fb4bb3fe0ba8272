import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listCategoryTree } from '~/features/catalog/catalog-categories.server'
import { listProducts, TOTAL_CAP } from '~/features/catalog/catalog-listing.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { suggest } from '~/features/catalog/catalog-search.server'
import { listStores } from '~/features/catalog/catalog-stores.server'
import type { ProductSearch } from '~/features/catalog/catalog.schemas'
import { selectRows, type DatabaseHandle, type Db, type DbOrTx } from '~/server/db/client.server'
import { createBrand, createCategory, createStore } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

/**
 * Issue #21: the catalogue's benchmark queries must not read every listing or every search
 * document. On a catalogue of several thousand listed products with fresh statistics (the full
 * refresh runs ANALYZE), every statement the listing, search, facets, suggestions and home counts
 * run is EXPLAINed as PostgreSQL would run it, and the test fails on a sequential scan of
 * `product_listings` or `product_search`. PostgreSQL only: PGlite plans alike but is not what
 * production runs, and its planner settings are not the pool's (see client.server.ts).
 */

const PRODUCTS = 12_000
const SCANNED = ['product_listings', 'product_search']
const dialect = new PgDialect()

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Subplan Name'?: string
  'Actual Rows'?: number
  Plans?: PlanNode[]
}

/** Records every statement a call runs, while running it as usual. */
function recording(db: Db): { db: Db; statements: SQL[] } {
  const statements: SQL[] = []
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute')
        return (query: SQL) => {
          statements.push(query)
          return target.execute(query)
        }
      return Reflect.get(target, property, receiver) as unknown
    },
  })
  return { db: proxy, statements }
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && SCANNED.includes(node['Relation Name'] ?? '')
  return [...(own ? [node['Relation Name']!] : []), ...(node.Plans ?? []).flatMap(seqScans)]
}

async function planOf(db: DbOrTx, statement: SQL): Promise<PlanNode> {
  const result = (await db.execute(sql`explain (format json) ${statement}`)) as unknown
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[]
  const cell = Object.values(rows[0]!)[0]
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[]
  return plan[0]!.Plan
}

/** Rows the `walked` CTE (firstMatches in catalog-listing) returned when the statement ran. */
function walkedRows(node: PlanNode): number {
  const own = node['Subplan Name'] === 'CTE walked' ? (node['Actual Rows'] ?? 0) : 0
  return own + (node.Plans ?? []).reduce((sum, child) => sum + walkedRows(child), 0)
}

async function analyzedPlanOf(db: DbOrTx, statement: SQL): Promise<PlanNode> {
  const result = (await db.execute(sql`explain (analyze, format json) ${statement}`)) as unknown
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[]
  const cell = Object.values(rows[0]!)[0]
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[]
  return plan[0]!.Plan
}

let handle: DatabaseHandle

describe.skipIf(!usingPostgres())(
  'catalogue query plans (PostgreSQL): no sequential scan of the listings',
  () => {
    beforeAll(async () => {
      handle = await createTestDatabase()
      const db = handle.db
      setCatalogCacheEnabled(false)
      const food = await createCategory(db, { slug: 'food-and-beverages', name: 'Food and beverages' })
      const leaves = [
        await createCategory(db, { parent: food, slug: 'rice-and-grains', name: 'Rice and grains' }),
        await createCategory(db, { parent: food, slug: 'drinks', name: 'Drinks' }),
      ]
      const others = [
        await createCategory(db, { slug: 'cleaning', name: 'Cleaning' }),
        await createCategory(db, { slug: 'stationery', name: 'Stationery' }),
        await createCategory(db, { slug: 'kitchen', name: 'Kitchen' }),
      ]
      const categoryIds = [...leaves, ...others].map((c) => c.id)
      const brandIds: number[] = []
      for (const slug of ['golbarg', 'nobahar', 'sarv', 'novin', 'aria', 'kaveh', 'pars', 'zagros']) {
        brandIds.push((await createBrand(db, { slug, name: slug[0]!.toUpperCase() + slug.slice(1) })).id)
      }
      const storeIds: number[] = []
      for (let i = 0; i < 6; i++) storeIds.push((await createStore(db)).id)
      // Words spread like the demo catalogue's (about 11% of products match "bottle", 0.3% "basmati")
      // and documents as long, so that a sequential scan costs what it costs there.
      await db.execute(sql`
      insert into products (slug, name, description, category_id, brand_id, unit)
      select 'plan-product-' || g,
        case when g % 300 = 0 then 'Basmati rice ' || g
          else (array['Water bottle', 'Glass bottle', 'Dishwashing liquid', 'Glass jar', 'Notebook', 'Green tea',
               'Olive oil', 'Paper towel', 'Sponge', 'Detergent powder', 'Hand soap', 'Shampoo', 'Toothpaste',
               'Rice cooker', 'Frying pan', 'Tea glass', 'Sugar cubes', 'Date syrup', 'Pistachio', 'Saffron'
               ])[1 + (g % 20)] || ' ' || g end,
        'Sold by the carton to shops, restaurants and offices across the country. ' ||
          (array['Sturdy packaging', 'Long shelf life', 'Popular with retailers', 'Made locally'])[1 + (g % 4)] ||
          '. Delivered from the seller''s warehouse within days of the order, with an invoice for every ' ||
          'delivery and tiered prices for larger quantities. Item number ' || g || '.',
        (${`{${categoryIds.join(',')}}`}::int[])[1 + (g % ${categoryIds.length})],
        (${`{${brandIds.join(',')}}`}::int[])[1 + (g % ${brandIds.length})],
        'carton of 12'
      from generate_series(1, ${PRODUCTS}) g
    `)
      await db.execute(sql`
      insert into skus (sku, store_id, product_id, remaining_quantity)
      select 'PLAN-' || p.id, (${`{${storeIds.join(',')}}`}::int[])[1 + (p.id % ${storeIds.length})], p.id,
        case when p.id % 7 = 0 then 0 else 100 end
      from products p where p.slug like 'plan-product-%'
    `)
      await db.execute(sql`
      insert into prices (sku_id, unit_price, offer_price, price_per_piece, min_quantity, valid_from)
      select s.id, 1000000 + (s.id % 500) * 10000, case when s.id % 3 = 0 then 900000 else 0 end,
        1000000, 1 + (s.id % 4) * 5, now() - interval '1 day'
      from skus s where s.sku like 'PLAN-%'
    `)
      // Lists everything and runs ANALYZE, as the seed and the periodic job leave a database.
      const summary = await refreshProductListings(db)
      expect(summary.listed).toBe(PRODUCTS)
    }, 120_000)

    afterAll(async () => {
      setCatalogCacheEnabled(true)
      await handle?.close()
    })

    const listing = (search: ProductSearch) => (db: Db) => listProducts(db, search)
    it.each<[string, (db: Db) => Promise<unknown>]>([
      ['search, narrow word', listing({ q: 'basmati' })],
      ['search, misspelt words', listing({ q: 'dishwahsing liquid' })],
      ['search, broad word', listing({ q: 'bottle' })],
      ['search, broad word, page 5', listing({ q: 'bottle', page: 5 })],
      ['search, broad word, cheapest first', listing({ q: 'bottle', sort: 'price_asc' })],
      [
        'search, broad word in a category, in stock',
        listing({ q: 'bottle', category: 'drinks', in_stock: true }),
      ],
      // Every listing matches "carton": the total is counted past the facet sample.
      ['search, the broadest word, in stock', listing({ q: 'carton', in_stock: true })],
      ['discounted, counted from the maintained counts', listing({ discount: true })],
      // The /api/products scenarios of the issue #21 table (scripts/bench-table.mjs).
      [
        'department + in stock, cheapest first',
        listing({ category: 'food-and-beverages', in_stock: true, sort: 'price_asc' }),
      ],
      ['discounted, newest, page 2', listing({ discount: true, sort: 'newest', page: 2 })],
      [
        'search, the broadest word, discounted, cheapest',
        listing({ q: 'carton', discount: true, sort: 'price_asc' }),
      ],
      ['autocomplete, broad word', (db) => suggest(db, 'bottle')],
      ['/product, browsing', listing({})],
      ['department, popular first', listing({ category: 'food-and-beverages', sort: 'popular' })],
      [
        'leaf + in stock + price cap, cheapest first',
        listing({ category: 'rice-and-grains', in_stock: true, max_price: 3_000_000, sort: 'price_asc' }),
      ],
      [
        'two brands + discount, newest, page 3',
        listing({ brand: ['golbarg', 'nobahar'], discount: true, sort: 'newest', page: 3 }),
      ],
      ['home: category tree with counts', (db) => listCategoryTree(db)],
      ['home: stores by product count', (db) => listStores(db, { page: 1, per_page: 8 })],
    ])('%s', async (_label, run) => {
      const { db, statements } = recording(handle.db)
      await run(db)
      expect(statements.length).toBeGreaterThan(0)
      const found: string[] = []
      for (const statement of statements) {
        const scans = seqScans(await planOf(handle.db, statement))
        if (scans.length)
          found.push(`Seq Scan on ${scans.join(', ')} in: ${dialect.sqlToQuery(statement).sql}`)
      }
      expect(found).toEqual([])
    })

    // A broad word's page is read by walking an index in the page's order and stopping when it is
    // full, when that is expected to pay (about 10% of this catalogue matches "bottle", 15% "glass");
    // the same page must come out as when every match is looked up and sorted: the expected ids come
    // from that plain statement. Each case also says whether the walk was taken, so both ways are
    // checked.
    const words = (word: string) =>
      sql`(to_tsquery('english', ${`${word}:*`}) || to_tsquery('simple', ${`${word}:*`}))`
    const POPULAR = sql`ordered_units_30d desc, store_count desc, created_at desc, product_id desc`
    const ids = async (statement: SQL) =>
      (await selectRows<{ product_id: number }>(handle.db, statement)).map((r) => Number(r.product_id))
    const plainPage = (word: string, filters: SQL, order: SQL, limit: number, offset: number) =>
      ids(sql`
        select product_id from product_listings
        where product_id in (select product_id from product_search where search @@ ${words(word)}) and ${filters}
        order by ${order} limit ${limit} offset ${offset}`)
    const plainRanked = (word: string, limit: number, offset: number) =>
      ids(sql`
        with window_ as (
          select product_id, ordered_units_30d, store_count, created_at from product_listings
          where product_id in (select product_id from product_search where search @@ ${words(word)})
          order by ${POPULAR} limit 1000
        )
        select w.product_id from window_ w join product_search s using (product_id)
        order by ts_rank(s.search, ${words(word)}) desc, w.ordered_units_30d desc, w.store_count desc,
          w.created_at desc, w.product_id desc
        limit ${limit} offset ${offset}`)
    const drinks = sql`category_path @> array[(select id from categories where slug = 'drinks')]`

    it.each<[string, ProductSearch, () => Promise<number[]>, boolean]>([
      [
        'cheapest first',
        { q: 'bottle', sort: 'price_asc' },
        () => plainPage('bottle', sql`true`, sql`price, product_id`, 24, 0),
        true,
      ],
      [
        'dearest first, page 3',
        { q: 'bottle', sort: 'price_desc', page: 3 },
        () => plainPage('bottle', sql`true`, sql`price desc, product_id desc`, 24, 48),
        true,
      ],
      [
        'newest, in stock, page 2',
        { q: 'bottle', sort: 'newest', in_stock: true, page: 2 },
        () => plainPage('bottle', sql`in_stock`, sql`created_at desc, product_id desc`, 24, 24),
        true,
      ],
      [
        'in a category, in stock, cheapest',
        { q: 'bottle', category: 'drinks', in_stock: true, sort: 'price_asc' },
        () => plainPage('bottle', sql`${drinks} and in_stock`, sql`price, product_id`, 24, 0),
        true,
      ],
      [
        'discounted, MOQ at most 10, cheapest',
        { q: 'bottle', discount: true, max_moq: 10, sort: 'price_asc' },
        () => plainPage('bottle', sql`discount and moq <= 10`, sql`price, product_id`, 24, 0),
        true,
      ],
      // Deeper into a narrowed word: the walk is not expected to fill the pages before it.
      [
        'in a category, in stock, cheapest, page 4 of 48',
        { q: 'bottle', category: 'drinks', in_stock: true, sort: 'price_asc', per_page: 48, page: 4 },
        () => plainPage('bottle', sql`${drinks} and in_stock`, sql`price, product_id`, 48, 144),
        false,
      ],
      ['by relevance', { q: 'glass' }, () => plainRanked('glass', 24, 0), true],
      ['by relevance, page 4', { q: 'glass', page: 4 }, () => plainRanked('glass', 24, 72), true],
      // Too few matches to fill the relevance window on a walk: every match looked up.
      ['by relevance, fewer matches', { q: 'bottle' }, () => plainRanked('bottle', 24, 0), false],
    ])('a broad word’s page, %s, is the plain statement’s page', async (_label, search, expected, walks) => {
      const { db, statements } = recording(handle.db)
      const listing = await listProducts(db, search)
      expect(listing.items.map((item) => item.id)).toEqual(await expected())
      expect(listing.items).toHaveLength(search.per_page ?? 24)
      const page = statements.find((s) => dialect.sqlToQuery(s).sql.includes('walked as materialized'))!
      expect(walkedRows(await analyzedPlanOf(handle.db, page)) > 0).toBe(walks)
    })

    // A search filters and counts on its documents' copies of the listing's columns: they are the
    // listing's own values after a refresh, the ones a targeted refresh rewrites included.
    it('the search documents carry each listing’s brand, price, MOQ, stock and discount', async () => {
      const mismatched = sql`
        select count(*)::int as n from product_listings l
        full join product_search s using (product_id)
        where (l.brand_id, l.price, l.moq, l.in_stock, l.discount)
          is distinct from (s.brand_id, s.price, s.moq, s.in_stock, s.discount)`
      expect((await selectRows<{ n: number }>(handle.db, mismatched))[0]!.n).toBe(0)
      // Sell out, discount and re-price a few products; their listing and document follow together.
      const [{ ids }] = (await selectRows<{ ids: number[] }>(
        handle.db,
        sql`select array_agg(id order by id) as ids from (select id from products order by id limit 5) p`,
      )) as [{ ids: number[] }]
      const some = `{${ids.join(',')}}`
      await handle.db.execute(
        sql`update skus set remaining_quantity = 0 where product_id = any(${some}::int[])`,
      )
      await handle.db.execute(sql`
        update prices set offer_price = 500000, min_quantity = 30
        where sku_id in (select id from skus where product_id = any(${some}::int[]))`)
      await refreshProductListings(handle.db, ids.map(Number), { searchUnchanged: true })
      const stale = await selectRows<{ in_stock: boolean; discount: boolean; price: string; moq: number }>(
        handle.db,
        sql`select in_stock, discount, price, moq from product_search where product_id = any(${some}::int[])`,
      )
      expect(stale.map((r) => [r.in_stock, r.discount, Number(r.price), Number(r.moq)])).toEqual(
        ids.map(() => [false, true, 500000, 30]),
      )
      expect((await selectRows<{ n: number }>(handle.db, mismatched))[0]!.n).toBe(0)
    })

    // Totals past the facet sample (3,000 rows) are counted on their own: from the hits alone for a
    // word with or without the filters its documents carry (brand, price, MOQ, stock, discount),
    // from the maintained counts for one of those filters alone. Every description says "carton"
    // (12,000 hits, past the cap too). In stock or discounted alone (in the whole catalogue or a
    // category) is a maintained count like browsing, so it is exact past the cap too (`exact`).
    const carton = sql`product_id in (select product_id from product_search where search @@ ${words('carton')})`
    const food = sql`category_path @> array[(select id from categories where slug = 'food-and-beverages')]`
    it.each<[string, ProductSearch, SQL, 'exact'?]>([
      ['a word alone', { q: 'carton' }, carton],
      ['a word and discounted', { q: 'carton', discount: true }, sql`${carton} and discount`],
      ['a word and in stock', { q: 'carton', in_stock: true }, sql`${carton} and in_stock`],
      ['a word in a category', { q: 'carton', category: 'drinks' }, sql`${carton} and ${drinks}`],
      [
        'a word, two brands and an MOQ cap',
        { q: 'carton', brand: ['golbarg', 'nobahar'], max_moq: 10 },
        sql`${carton} and moq <= 10
          and brand_id in (select id from brands where slug in ('golbarg', 'nobahar'))`,
      ],
      [
        'a word and a price range',
        { q: 'carton', min_price: 1_500_000, max_price: 4_000_000 },
        sql`${carton} and price between 1500000 and 4000000`,
      ],
      [
        'a word, in stock, discounted, under a price',
        { q: 'carton', in_stock: true, discount: true, max_price: 950_000 },
        sql`${carton} and in_stock and discount and price <= 950000`,
      ],
      [
        'a word in a category, discounted',
        { q: 'carton', category: 'drinks', discount: true },
        sql`${carton} and ${drinks} and discount`,
      ],
      ['discounted', { discount: true }, sql`discount`, 'exact'],
      ['in stock', { in_stock: true }, sql`in_stock`, 'exact'],
      [
        'a department, in stock',
        { category: 'food-and-beverages', in_stock: true },
        sql`${food} and in_stock`,
        'exact',
      ],
      ['an MOQ cap', { max_moq: 10 }, sql`moq <= 10`],
      [
        'three brands',
        { brand: ['golbarg', 'nobahar', 'sarv'] },
        sql`brand_id in (select id from brands where slug in ('golbarg', 'nobahar', 'sarv'))`,
      ],
      ['discounted and in stock', { discount: true, in_stock: true }, sql`discount and in_stock`],
    ])('counts the matches of %s as the listings do, up to the cap', async (_label, search, where, exact) => {
      const [row] = await selectRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from product_listings where ${where}`,
      )
      const n = Number(row!.n)
      const listing = await listProducts(handle.db, search)
      expect({ total: listing.total, capped: listing.totalCapped }).toEqual(
        n > TOTAL_CAP && !exact ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false },
      )
    })
  },
)
