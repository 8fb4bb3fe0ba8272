import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  addMagazineItems,
  addMagazinePage,
  arrangeMagazine,
  getMagazineDetail,
  updateMagazineItem,
} from '~/features/magazines/magazine-editor.server'
import { pickableSkus } from '~/features/magazines/magazine-picker.server'
import {
  getPublicMagazine,
  listPublicMagazines,
  magazineItemAdd,
  pageAddPlan,
} from '~/features/magazines/magazines-public.server'
import type { MagazineFields } from '~/features/magazines/magazines.schemas'
import {
  createMagazine,
  deleteMagazine,
  duplicateMagazine,
  listMagazines,
  setMagazineStatus,
  updateMagazine,
} from '~/features/magazines/magazines.server'
import { storeAnalyticsBatch } from '~/features/analytics/analytics.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, skus } from '~/server/db/schema'
import {
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

let n = 0
const fields = (overrides: Partial<MagazineFields> = {}): MagazineFields => ({
  title: `Spring catalogue ${++n}`,
  identify: `spring-${Date.now().toString(36)}-${n}`,
  description: 'Our spring range',
  season: 'Spring 1406',
  cutoffAt: '',
  ...overrides,
})

describe(`magazines (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let buyer: AuthContext
  let otherOwner: AuthContext
  let mine: { id: number; sku: string }[]
  let theirs: { id: number; sku: string }

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    buyer = await authOf(db, roles.buyer.id)
    const otherUser = await createUser(db, { isSeller: true })
    const otherSeller = await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    const category = await createCategory(db)
    const store = await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })
    mine = []
    for (let i = 0; i < 4; i++)
      mine.push(
        await createSku(db, {
          store,
          product: await createProduct(db, { category, name: `Saffron tin ${i}` }),
          remainingQuantity: 50,
          tiers: [
            { minQuantity: 5, unitPrice: 900_000 },
            { minQuantity: 20, unitPrice: 800_000 },
          ],
        }),
      )
    theirs = await createSku(db, {
      store: await createStore(db, { seller: otherSeller }),
      product: await createProduct(db, { category }),
    })
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  async function magazineWithItems(skuIds: number[], layout: '2' | '4' | '6' | 'hero' = '4') {
    const magazine = await createMagazine(db, owner, fields())
    const page = await addMagazinePage(db, owner, { magazineId: magazine.id, title: 'Page one', layout })
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds })
    return { ...magazine, pageId: page.id }
  }

  it('creates a magazine with an audit event; a taken identify is a 409 on identify; observers and other sellers cannot write', async () => {
    const first = fields()
    const created = await createMagazine(db, owner, first)
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'magazine'), eq(auditEvents.recordId, String(created.id))))
    expect(events.map((e) => e.action)).toEqual(['magazine.create'])
    const taken = await errorOf(() => createMagazine(db, owner, fields({ identify: first.identify })))
    expect(taken.status).toBe(409)
    expect(Object.keys(taken.fieldErrors ?? {})).toEqual(['identify'])
    expect(await statusOf(() => createMagazine(db, observer, fields()))).toBe(403)
    expect(await statusOf(() => createMagazine(db, buyer, fields()))).toBe(403)
    // Observers read; another seller's magazine looks absent.
    expect((await listMagazines(db, observer)).map((m) => m.id)).toContain(created.id)
    expect(await statusOf(() => getMagazineDetail(db, otherOwner, created.id))).toBe(404)
    expect(await statusOf(() => updateMagazine(db, otherOwner, { ...first, magazineId: created.id }))).toBe(
      404,
    )
    expect(
      await statusOf(() => addMagazinePage(db, observer, { magazineId: created.id, title: '', layout: '2' })),
    ).toBe(403)
    expect(
      await statusOf(() =>
        addMagazinePage(db, otherOwner, { magazineId: created.id, title: '', layout: '2' }),
      ),
    ).toBe(404)
  })

  it("refuses another seller's SKU and a full page, and the picker lists only the seller's own live SKUs", async () => {
    const magazine = await createMagazine(db, owner, fields())
    const page = await addMagazinePage(db, owner, { magazineId: magazine.id, title: '', layout: '2' })
    const foreign = await errorOf(() =>
      addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: [mine[0]!.id, theirs.id] }),
    )
    expect(foreign.status).toBe(422)
    expect((await getMagazineDetail(db, owner, magazine.id)).items).toBe(0)
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: [mine[0]!.id, mine[1]!.id] })
    expect(
      (await errorOf(() => addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: [mine[2]!.id] })))
        .status,
    ).toBe(422)
    const picked = await pickableSkus(db, owner, { q: '', storeId: null, categoryId: null, page: 1 })
    expect(picked.rows.map((r) => r.id).sort()).toEqual(mine.map((s) => s.id).sort())
    expect(await statusOf(() => updateMagazineItem(db, otherOwner, { magazineItemId: 1, note: 'x' }))).toBe(
      404,
    )
  })

  it('reorders items between pages and pages, and refuses a stale order', async () => {
    const magazine = await magazineWithItems([mine[0]!.id, mine[1]!.id])
    const second = await addMagazinePage(db, owner, { magazineId: magazine.id, title: 'Two', layout: '2' })
    const before = await getMagazineDetail(db, owner, magazine.id)
    const [a, b] = before.pagesList[0]!.items.map((i) => i.id)
    await arrangeMagazine(db, owner, {
      magazineId: magazine.id,
      pages: [
        { page: second.id, items: [b!] },
        { page: magazine.pageId, items: [a!] },
      ],
    })
    const after = await getMagazineDetail(db, owner, magazine.id)
    expect(after.pagesList.map((p) => [p.id, p.items.map((i) => i.id)])).toEqual([
      [second.id, [b]],
      [magazine.pageId, [a]],
    ])
    expect(
      await statusOf(() =>
        arrangeMagazine(db, owner, {
          magazineId: magazine.id,
          pages: [{ page: second.id, items: [a!, b!] }],
        }),
      ),
    ).toBe(409)
  })

  it('publishes only with at least one item, all still the seller’s and active; drafts are 404 publicly', async () => {
    const empty = await createMagazine(db, owner, fields())
    const none = await errorOf(() =>
      setMagazineStatus(db, owner, { magazineId: empty.id, status: 'published' }),
    )
    expect(none.status).toBe(422)
    const magazine = await magazineWithItems([mine[0]!.id, mine[1]!.id])
    expect(await getPublicMagazine(db, magazine.identify)).toBeNull()
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.id, mine[1]!.id))
    const paused = await errorOf(() =>
      setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' }),
    )
    expect(paused.status).toBe(422)
    expect(paused.message).toContain(mine[1]!.sku)
    await db.update(skus).set({ status: 'active' }).where(eq(skus.id, mine[1]!.id))
    expect(
      await statusOf(() => setMagazineStatus(db, observer, { magazineId: magazine.id, status: 'published' })),
    ).toBe(403)
    await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' })
    const pub = await getPublicMagazine(db, magazine.identify)
    expect(pub?.pages[0]!.items.map((i) => [i.sku, i.minQuantity, i.unitPrice])).toEqual([
      [mine[0]!.sku, 5, 900_000],
      [mine[1]!.sku, 5, 900_000],
    ])
    expect((await listPublicMagazines(db, {})).rows.map((r) => r.identify)).toContain(magazine.identify)
    // Published magazines cannot be deleted; unpublished they are drafts again and can.
    expect(await statusOf(() => deleteMagazine(db, owner, magazine.id))).toBe(409)
    await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'draft' })
    expect(await getPublicMagazine(db, magazine.identify)).toBeNull()
    const copy = await duplicateMagazine(db, owner, magazine.id)
    expect(copy.identify).toBe(`${magazine.identify}-copy`)
    expect((await getMagazineDetail(db, owner, copy.id)).items).toBe(2)
    await deleteMagazine(db, owner, magazine.id)
    expect(await statusOf(() => getMagazineDetail(db, owner, magazine.id))).toBe(404)
  })

  it('publishing counts against the plan: Free allows one open magazine, an expired one frees its place', async () => {
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user, planCode: 'free' })
    const auth = await authOf(db, user.id)
    const store = await createStore(db, { seller })
    const sku = await createSku(db, { store, product: await createProduct(db), remainingQuantity: 10 })
    const ready = async (cutoffAt = '') => {
      const magazine = await createMagazine(db, auth, fields({ cutoffAt }))
      const page = await addMagazinePage(db, auth, { magazineId: magazine.id, title: '', layout: '4' })
      await addMagazineItems(db, auth, { magazinePageId: page.id, skuIds: [sku.id] })
      return magazine
    }
    const soon = new Date(Date.now() + 2 * 86_400_000)
    const first = await ready(soon.toISOString())
    await setMagazineStatus(db, auth, { magazineId: first.id, status: 'published' })
    const second = await ready()
    const refused = await errorOf(() =>
      setMagazineStatus(db, auth, { magazineId: second.id, status: 'published' }),
    )
    expect(refused.status).toBe(403)
    expect(refused.message).toMatch(/Free plan allows 1 published magazine/)
    expect(refused.message).toMatch(/Pro allows 10/)
    // Once the first is past its cut-off it takes no place, and the second may be published.
    setClock(soon.getTime() + 86_400_000)
    await setMagazineStatus(db, auth, { magazineId: second.id, status: 'published' })
    expect((await getPublicMagazine(db, second.identify))?.identify).toBe(second.identify)
  })

  it('"add this page" takes available items at their MOQ and says why the others are left out', async () => {
    const magazine = await magazineWithItems([mine[0]!.id, mine[1]!.id, mine[2]!.id, mine[3]!.id])
    await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' })
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.id, mine[1]!.id))
    await db.update(skus).set({ remainingQuantity: 0 }).where(eq(skus.id, mine[2]!.id))
    await db.update(skus).set({ remainingQuantity: 3 }).where(eq(skus.id, mine[3]!.id))
    try {
      const plan = await pageAddPlan(db, magazine.identify, magazine.pageId)
      expect(plan.add).toEqual([{ sku: mine[0]!.sku, quantity: 5, name: 'Saffron tin 0' }])
      expect(plan.skipped.map((s) => [s.sku, s.reason])).toEqual([
        [mine[1]!.sku, 'No longer on offer'],
        [mine[2]!.sku, 'Out of stock'],
        [mine[3]!.sku, 'Only 3 left, below the minimum of 5'],
      ])
    } finally {
      await db.update(skus).set({ status: 'active', remainingQuantity: 50 }).where(eq(skus.id, mine[1]!.id))
      await db.update(skus).set({ remainingQuantity: 50 }).where(eq(skus.id, mine[2]!.id))
      await db.update(skus).set({ remainingQuantity: 50 }).where(eq(skus.id, mine[3]!.id))
    }
  })

  it('the list’s views and basket adds over 30 days are the stored page_view and cart_item_added events of its page', async () => {
    const magazine = await magazineWithItems([mine[0]!.id, mine[1]!.id])
    await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' })
    const path = `/magazine/${magazine.identify}`
    const at = Date.now()
    const event = (name: 'page_view' | 'cart_item_added', where = path, sku = mine[0]!.sku) => ({
      name,
      path: where,
      occurredAt: at,
      props: (name === 'page_view' ? {} : { sku, quantity: 5 }) as Record<string, string | number>,
    })
    // A guest's single add and a signed-in buyer's page add (one event per SKU), three views,
    // and events that must not count: another page, another event name, and 31 days ago.
    await storeAnalyticsBatch(
      db,
      {
        visitId: 'visit-one',
        events: [
          event('page_view'),
          event('page_view'),
          event('cart_item_added'),
          event('cart_item_added', path, mine[1]!.sku),
          event('page_view', `/magazine/${magazine.identify}-other`),
          event('cart_item_added', '/product/some-product'),
        ],
      },
      { userAgent: null },
    )
    await storeAnalyticsBatch(
      db,
      { visitId: 'visit-two', events: [event('page_view'), event('cart_item_added')] },
      { userAgent: null },
    )
    await storeAnalyticsBatch(
      db,
      { visitId: 'visit-old', events: [event('page_view'), event('cart_item_added')] },
      { userAgent: null, receivedAt: new Date(at - 31 * 86_400_000) },
    )
    const row = (await listMagazines(db, owner)).find((m) => m.id === magazine.id)
    expect([row?.views30d, row?.adds30d]).toEqual([3, 3])
  })

  it('expires at the cut-off: shown as expired, left out of /magazine, and nothing can be added from it', async () => {
    const cutoff = new Date(Date.now() + 86_400_000)
    const magazine = await createMagazine(db, owner, fields({ cutoffAt: cutoff.toISOString() }))
    const page = await addMagazinePage(db, owner, { magazineId: magazine.id, title: '', layout: 'hero' })
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: [mine[0]!.id] })
    await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' })
    expect((await pageAddPlan(db, magazine.identify, page.id)).add).toHaveLength(1)
    setClock(cutoff.getTime() + 1000)
    expect((await getPublicMagazine(db, magazine.identify))?.expired).toBe(true)
    expect((await listPublicMagazines(db, {})).rows.map((r) => r.identify)).not.toContain(magazine.identify)
    expect((await listMagazines(db, owner)).find((m) => m.id === magazine.id)?.state).toBe('expired')
    expect(await statusOf(() => pageAddPlan(db, magazine.identify, page.id))).toBe(422)
  })

  it('a single add from a magazine is checked by the server: live item before the cut-off, 422 after it, 404 for an SKU not in it', async () => {
    const cutoff = new Date(Date.now() + 86_400_000)
    const magazine = await createMagazine(db, owner, fields({ cutoffAt: cutoff.toISOString() }))
    const page = await addMagazinePage(db, owner, { magazineId: magazine.id, title: '', layout: '2' })
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: [mine[0]!.id] })
    expect(await statusOf(() => magazineItemAdd(db, magazine.identify, mine[0]!.sku))).toBe(404) // a draft
    await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' })
    const item = await magazineItemAdd(db, magazine.identify, mine[0]!.sku)
    expect([item.sku, item.minQuantity, item.unitPrice]).toEqual([mine[0]!.sku, 5, 900_000])
    expect(await statusOf(() => magazineItemAdd(db, magazine.identify, mine[1]!.sku))).toBe(404)
    expect(await statusOf(() => magazineItemAdd(db, magazine.identify, theirs.sku))).toBe(404)
    // A tab opened before the cut-off still asks the server, which now refuses.
    setClock(cutoff.getTime() + 1000)
    const refused = await errorOf(() => magazineItemAdd(db, magazine.identify, mine[0]!.sku))
    expect([refused.status, refused.message]).toEqual([422, 'Orders from this magazine have closed'])
  })
})
