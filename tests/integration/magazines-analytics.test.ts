import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeAnalyticsBatch } from '~/features/analytics/analytics.server'
import {
  addMagazineItems,
  addMagazinePage,
  getMagazineDetail,
} from '~/features/magazines/magazine-editor.server'
import { createMagazine, listMagazines, setMagazineStatus } from '~/features/magazines/magazines.server'
import { Route } from '~/routes/api/analytics/events'
import type { AuthContext } from '~/server/auth/session.server'
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
import { closeAuthTestDatabase, freshIp, openAuthTestDatabase, SITE } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

type Handler = (ctx: { request: Request }) => Promise<Response>
const post = (Route.options as unknown as { server: { handlers: { POST: Handler } } }).server.handlers.POST

/** A batch as the browser's analytics client sends it to the first-party endpoint. */
const send = (visitId: string, events: { name: string; path: string; props?: Record<string, unknown> }[]) =>
  post({
    request: new Request(`${SITE}/api/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({
        visitId,
        events: events.map((e) => ({ ...e, occurredAt: Date.now(), props: e.props ?? {} })),
      }),
    }),
  })

describe(`magazine analytics per page and per item (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let owner: AuthContext
  let otherOwner: AuthContext
  let skuCodes: string[]
  let magazine: { id: number; identify: string }
  let pageIds: number[]

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user })
    owner = await authOf(db, user.id)
    const otherUser = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    const category = await createCategory(db)
    const store = await createStore(db, { seller })
    const skus = []
    for (let i = 0; i < 3; i++)
      skus.push(
        await createSku(db, {
          store,
          product: await createProduct(db, { category, name: `Pistachio box ${i}` }),
          remainingQuantity: 40,
        }),
      )
    skuCodes = skus.map((s) => s.sku)
    magazine = await createMagazine(db, owner, {
      title: 'Autumn nuts',
      identify: `autumn-nuts-${Date.now().toString(36)}`,
      description: '',
      season: '',
      cutoffAt: '',
    })
    const first = await addMagazinePage(db, owner, { magazineId: magazine.id, title: 'One', layout: '2' })
    const second = await addMagazinePage(db, owner, { magazineId: magazine.id, title: 'Two', layout: '2' })
    await addMagazineItems(db, owner, { magazinePageId: first.id, skuIds: [skus[0]!.id, skus[1]!.id] })
    await addMagazineItems(db, owner, { magazinePageId: second.id, skuIds: [skus[2]!.id] })
    await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' })
    pageIds = [first.id, second.id]
  })
  afterAll(closeAuthTestDatabase)

  it('counts page views per page and basket adds per item from the stored events, and only the last 30 days', async () => {
    const path = `/magazine/${magazine.identify}`
    const [one, two] = pageIds as [number, number]
    const [a, b, c] = skuCodes as [string, string, string]
    // Two visitors scroll through; one of them only reaches the first page.
    expect(
      (
        await send('visit-aaaaaaaa', [
          { name: 'page_view', path },
          { name: 'magazine_page_viewed', path, props: { page: one } },
          { name: 'magazine_page_viewed', path, props: { page: two } },
          { name: 'cart_item_added', path, props: { sku: a, quantity: 5 } },
          { name: 'cart_item_added', path, props: { sku: c, quantity: 5 } },
        ])
      ).status,
    ).toBe(202)
    await send('visit-bbbbbbbb', [
      { name: 'page_view', path },
      { name: 'magazine_page_viewed', path, props: { page: one } },
      // "Add this page": one event per SKU the page put in the basket.
      { name: 'cart_item_added', path, props: { sku: a, quantity: 5, source: 'magazine_page' } },
      { name: 'cart_item_added', path, props: { sku: b, quantity: 5, source: 'magazine_page' } },
      // Not this magazine's: another magazine's page and an add on a product page.
      { name: 'magazine_page_viewed', path: `${path}-2`, props: { page: one } },
      { name: 'cart_item_added', path: '/product/pistachio-box', props: { sku: a, quantity: 5 } },
    ])
    // Older than the window.
    await storeAnalyticsBatch(
      db,
      {
        visitId: 'visit-old-one',
        events: [
          { name: 'magazine_page_viewed', path, occurredAt: 0, props: { page: two } },
          { name: 'cart_item_added', path, occurredAt: 0, props: { sku: b, quantity: 5 } },
        ],
      },
      { userAgent: null, receivedAt: new Date(Date.now() - 31 * 86_400_000) },
    )

    const detail = await getMagazineDetail(db, owner, magazine.id)
    expect(detail.pagesList.map((p) => [p.id, p.views30d])).toEqual([
      [one, 2],
      [two, 1],
    ])
    expect(detail.pagesList.flatMap((p) => p.items.map((i) => [i.sku, i.adds30d]))).toEqual([
      [a, 2],
      [b, 1],
      [c, 1],
    ])
    // The magazines list: two visits, four adds.
    const row = (await listMagazines(db, owner)).find((m) => m.id === magazine.id)
    expect([row?.views30d, row?.adds30d]).toEqual([2, 4])
    // Another seller cannot read them.
    expect(await statusOf(() => getMagazineDetail(db, otherOwner, magazine.id))).toBe(404)
  })
})
