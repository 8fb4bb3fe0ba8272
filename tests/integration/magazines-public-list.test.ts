import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addMagazineItems, addMagazinePage } from '~/features/magazines/magazine-editor.server'
import { listPublicMagazines, pageAddPlan } from '~/features/magazines/magazines-public.server'
import { MAGAZINE_EXPIRED, PUBLIC_PAGE_SIZE } from '~/features/magazines/magazines.schemas'
import { createMagazine, setMagazineStatus } from '~/features/magazines/magazines.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import {
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, errorOf } from './tickets-fixtures'

/**
 * /magazine's public query (issue #18): filters by category (a parent takes its children's) and by
 * seller, search over title, description, season and seller name, and pages of PUBLIC_PAGE_SIZE;
 * drafts and expired magazines never show. And "add this page" after the cut-off says why.
 */

let n = 0
describe(`the public magazine list (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  const tag = `q${Date.now().toString(36)}`

  interface Maker {
    auth: AuthContext
    sellerId: number
    sku: (categoryId: number) => Promise<number>
  }

  async function maker(): Promise<Maker> {
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user })
    const store = await createStore(db, { seller })
    return {
      auth: await authOf(db, user.id),
      sellerId: seller.id,
      sku: async (categoryId) =>
        (
          await createSku(db, {
            store,
            product: await createProduct(db, { category: { id: categoryId } as never }),
            remainingQuantity: 30,
          })
        ).id,
    }
  }

  async function magazine(
    who: Maker,
    categoryId: number,
    options: { title?: string; publish?: boolean; cutoffAt?: string } = {},
  ) {
    const created = await createMagazine(db, who.auth, {
      title: options.title ?? `Catalogue ${++n}`,
      identify: `${tag}-${++n}`,
      description: '',
      season: '',
      cutoffAt: options.cutoffAt ?? '',
    })
    const page = await addMagazinePage(db, who.auth, { magazineId: created.id, title: '', layout: '4' })
    await addMagazineItems(db, who.auth, { magazinePageId: page.id, skuIds: [await who.sku(categoryId)] })
    if (options.publish !== false)
      await setMagazineStatus(db, who.auth, { magazineId: created.id, status: 'published' })
    return { ...created, pageId: page.id }
  }

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  it('filters by category (parent included) and seller, searches, and pages', async () => {
    const drinks = await createCategory(db, { slug: `${tag}-drinks`, name: 'Drinks' })
    const tea = await createCategory(db, { parent: drinks, slug: `${tag}-tea`, name: 'Tea' })
    const spices = await createCategory(db, { slug: `${tag}-spices`, name: 'Spices' })
    const alpha = await maker()
    const beta = await maker()
    const teaMag = await magazine(alpha, tea.id, { title: `Lahijan tea harvest ${tag}` })
    const spiceMag = await magazine(beta, spices.id, { title: `Saffron and sumac ${tag}` })
    const draft = await magazine(alpha, tea.id, { title: `Draft tea ${tag}`, publish: false })
    const identifies = async (search: Parameters<typeof listPublicMagazines>[1]) =>
      (await listPublicMagazines(db, search)).rows.map((r) => r.identify)

    expect(await identifies({ category: tea.slug })).toEqual([teaMag.identify])
    // A parent category takes the magazines of its children.
    expect(await identifies({ category: drinks.slug })).toEqual([teaMag.identify])
    expect(await identifies({ category: spices.slug })).toEqual([spiceMag.identify])
    expect(await identifies({ seller: beta.sellerId })).toEqual([spiceMag.identify])
    expect(await identifies({ seller: alpha.sellerId, category: spices.slug })).toEqual([])
    // Search: words of the title, case-insensitive; a "%" is a character, not a wildcard.
    expect(await identifies({ q: `LAHIJAN tea harvest ${tag}` })).toEqual([teaMag.identify])
    expect(await identifies({ q: `sumac ${tag}` })).toEqual([spiceMag.identify])
    expect(await identifies({ q: `%${tag}` })).toEqual([])
    expect((await identifies({ q: tag })).sort()).toEqual([teaMag.identify, spiceMag.identify].sort())
    expect(await identifies({ q: tag })).not.toContain(draft.identify)
    // The filter choices list the sellers and categories of published magazines.
    const all = await listPublicMagazines(db, {})
    expect(all.sellers.map((s) => s.id)).toEqual(expect.arrayContaining([alpha.sellerId, beta.sellerId]))
    expect(all.categories.map((c) => c.slug)).toEqual(expect.arrayContaining([tea.slug, spices.slug]))

    // Paging: one seller with a page and a bit of magazines, newest first.
    const gamma = await maker()
    const made: string[] = []
    for (let i = 0; i <= PUBLIC_PAGE_SIZE; i++) made.push((await magazine(gamma, spices.id)).identify)
    const first = await listPublicMagazines(db, { seller: gamma.sellerId })
    const second = await listPublicMagazines(db, { seller: gamma.sellerId, page: 2 })
    expect(first.total).toBe(PUBLIC_PAGE_SIZE + 1)
    expect(first.rows).toHaveLength(PUBLIC_PAGE_SIZE)
    expect(second.rows.map((r) => r.identify)).toEqual([made[0]])
    expect(new Set([...first.rows, ...second.rows].map((r) => r.identify))).toEqual(new Set(made))
    expect((await listPublicMagazines(db, { seller: gamma.sellerId, page: 3 })).rows).toEqual([])
  })

  it('"add this page" after the cut-off is refused with the reason the buyer is shown', async () => {
    const category = await createCategory(db)
    const cutoff = new Date(Date.now() + 3_600_000)
    const who = await maker()
    const mag = await magazine(who, category.id, { cutoffAt: cutoff.toISOString() })
    expect((await listPublicMagazines(db, { seller: who.sellerId })).rows).toHaveLength(1)
    expect((await pageAddPlan(db, mag.identify, mag.pageId)).add).toHaveLength(1)
    setClock(cutoff.getTime() + 1)
    const refused = await errorOf(() => pageAddPlan(db, mag.identify, mag.pageId))
    expect([refused.status, refused.message]).toEqual([422, MAGAZINE_EXPIRED()])
    // Gone from the list too.
    expect((await listPublicMagazines(db, { seller: who.sellerId })).rows).toEqual([])
  })
})
