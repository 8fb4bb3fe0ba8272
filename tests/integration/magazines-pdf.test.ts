import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTiers } from '~/features/inventory/price-tiers.server'
import {
  addMagazineItems,
  addMagazinePage,
  getMagazineDetail,
  updateMagazineItem,
} from '~/features/magazines/magazine-editor.server'
import {
  lineSheetRendersPerIp,
  lineSheetResponse,
} from '~/features/magazines/magazine-line-sheet-route.server'
import { magazineOgImageResponse } from '~/features/magazines/magazine-og-image.server'
import { getPublicMagazine } from '~/features/magazines/magazines-public.server'
import {
  createMagazine,
  listMagazines,
  setMagazineStatus,
  updateMagazine,
} from '~/features/magazines/magazines.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { magazineLineSheets, magazines, sellers } from '~/server/db/schema'
import { localDiskStorage, type MediaStorage } from '~/server/providers/storage/storage.server'
import { hitRateLimit } from '~/server/rate-limit/rate-limit.server'
import {
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { jobsNamed, runDueJobs } from '../support/jobs'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, freshIp, openAuthTestDatabase, SITE } from './auth-fixtures'
import { authOf } from './tickets-fixtures'

const PERSIAN_NAME = 'زعفران سرگل ممتاز'
const hasPdfToText = existsSync('/usr/bin/pdftotext')

let n = 0
const get = (identify: string, ip = freshIp(), headers: Record<string, string> = {}) =>
  new Request(`${SITE}/magazine/${identify}/line-sheet.pdf`, {
    headers: { 'x-forwarded-for': ip, ...headers },
  })

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'line-sheet-'))
  try {
    writeFileSync(join(dir, 'sheet.pdf'), bytes)
    return execFileSync('pdftotext', ['-layout', join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe(`magazine PDF line sheets (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let storage: MediaStorage
  let mediaRoot: string
  let owner: AuthContext
  let sellerId: number
  let skus: { id: number; sku: string }[]

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    mediaRoot = mkdtempSync(join(tmpdir(), 'line-sheet-media-'))
    storage = localDiskStorage(mediaRoot)
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user })
    sellerId = seller.id
    owner = await authOf(db, user.id)
    const category = await createCategory(db)
    const store = await createStore(db, { seller })
    skus = []
    for (const name of [PERSIAN_NAME, 'Green tea, loose leaf']) {
      skus.push(
        await createSku(db, {
          store,
          product: await createProduct(db, { category, name }),
          tiers: [
            { minQuantity: 5, unitPrice: 900_000 },
            { minQuantity: 20, unitPrice: 800_000, offerPrice: 750_000 },
          ],
        }),
      )
    }
  })
  afterAll(async () => {
    await closeAuthTestDatabase()
    rmSync(mediaRoot, { recursive: true, force: true })
  })

  async function magazine(publish = true) {
    const created = await createMagazine(db, owner, {
      title: `Line sheet ${++n}`,
      identify: `line-sheet-${Date.now().toString(36)}-${n}`,
      description: 'Our autumn range',
      season: 'Autumn 1405',
      cutoffAt: '',
    })
    const page = await addMagazinePage(db, owner, { magazineId: created.id, title: 'Saffron', layout: '4' })
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: skus.map((s) => s.id) })
    if (publish) await setMagazineStatus(db, owner, { magazineId: created.id, status: 'published' })
    return created
  }

  it('is a 404 for an unknown identify, a malformed one and a draft', async () => {
    const draft = await magazine(false)
    for (const identify of ['no-such-magazine', 'Bad%20Identify', draft.identify]) {
      const response = await lineSheetResponse(get(identify), identify, storage)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).not.toContain('pdf')
    }
  })

  it('serves a PDF holding the items, their prices and the export date; the second request is the cache', async () => {
    const published = await magazine()
    const first = await lineSheetResponse(get(published.identify), published.identify, storage)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('application/pdf')
    expect(first.headers.get('content-disposition')).toContain(`${published.identify}-line-sheet.pdf`)
    expect(first.headers.get('x-line-sheet-cache')).toBe('miss')
    const bytes = new Uint8Array(await first.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')

    const second = await lineSheetResponse(get(published.identify), published.identify, storage)
    expect(second.headers.get('x-line-sheet-cache')).toBe('hit')
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes)

    // A client holding the same version gets a 304.
    const again = await lineSheetResponse(
      get(published.identify, freshIp(), { 'if-none-match': second.headers.get('etag')! }),
      published.identify,
      storage,
    )
    expect(again.status).toBe(304)

    if (hasPdfToText) {
      const text = pdfText(bytes)
      expect(text).toContain('Green tea, loose leaf')
      expect(text).toContain(skus[1]!.sku)
      expect(text).toContain('900,000')
      expect(text).toContain('750,000')
      expect(text).toMatch(/Prices as of .+ Tehran/)
      expect(text).toContain(`/magazine/${published.identify}`)
      // The Persian name comes back in reading order (a reader can search and copy it).
      expect(text.replace(/[\s\u202a-\u202e]+/g, '')).toContain(PERSIAN_NAME.replace(/\s+/g, ''))
    }
  })

  it('is drawn again after a price change, and the old cached file is replaced', async () => {
    const published = await magazine()
    const first = await lineSheetResponse(get(published.identify), published.identify, storage)
    const before = new Uint8Array(await first.arrayBuffer())
    const [row] = await db
      .select()
      .from(magazineLineSheets)
      .where(eq(magazineLineSheets.magazineId, published.id))

    await createTiers(db, owner, {
      sku: skus[1]!.sku,
      tiers: [
        {
          minQuantity: 100,
          unitPrice: 650_000,
          offerPrice: 0,
          validFrom: new Date().toISOString(),
          validTo: null,
        },
      ],
    })
    const after = await lineSheetResponse(get(published.identify), published.identify, storage)
    expect(after.headers.get('x-line-sheet-cache')).toBe('miss')
    const bytes = new Uint8Array(await after.arrayBuffer())
    expect(bytes).not.toEqual(before)
    if (hasPdfToText) expect(pdfText(bytes)).toContain('650,000')
    const [now] = await db
      .select()
      .from(magazineLineSheets)
      .where(eq(magazineLineSheets.magazineId, published.id))
    expect(now!.fingerprint).not.toBe(row!.fingerprint)
    expect(await storage.get(row!.mediaKey)).toBeNull()
    expect(await storage.get(now!.mediaKey)).not.toBeNull()
  })

  it('publishing queues the job that draws the sheet, so the first buyer gets the cache', async () => {
    const published = await magazine()
    const queued = await jobsNamed('magazine.line-sheet')
    expect(queued.some((j) => j.data.magazineId === published.id)).toBe(true)
    // The job draws into the app's media storage; point the route at the same storage.
    const { mediaStorage } = await import('~/server/db/database.server')
    await runDueJobs()
    const response = await lineSheetResponse(get(published.identify), published.identify, mediaStorage())
    expect(response.status).toBe(200)
    expect(response.headers.get('x-line-sheet-cache')).toBe('hit')
  })

  it('every change of a published magazine (details, pages, items) queues a new render; a draft’s changes do not', async () => {
    const queuedFor = async (id: number) =>
      (await jobsNamed('magazine.line-sheet')).filter((j) => j.data.magazineId === id).length
    const draft = await magazine(false)
    expect(await queuedFor(draft.id)).toBe(0)
    const published = await magazine()
    let expected = await queuedFor(published.id)
    expect(expected).toBeGreaterThan(0) // publishing
    await updateMagazine(db, owner, {
      magazineId: published.id,
      title: 'Renamed line sheet',
      identify: published.identify,
      description: 'New words',
      season: 'Winter 1405',
      cutoffAt: '',
    })
    expect(await queuedFor(published.id)).toBe(++expected)
    const page = await addMagazinePage(db, owner, { magazineId: published.id, title: 'More', layout: '2' })
    expect(await queuedFor(published.id)).toBe(++expected)
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: [skus[0]!.id] })
    expect(await queuedFor(published.id)).toBe(++expected)
    const item = (await getMagazineDetail(db, owner, published.id)).pagesList[0]!.items[0]!
    await updateMagazineItem(db, owner, { magazineItemId: item.id, note: 'Best seller' })
    expect(await queuedFor(published.id)).toBe(expected + 1)
  })

  it('exists only on plans with line sheets: Free has no link and a 404', async () => {
    const published = await magazine()
    expect((await getPublicMagazine(db, published.identify))!.lineSheet).toBe(true)
    expect((await listMagazines(db, owner)).find((m) => m.id === published.id)!.lineSheet).toBe(true)
    await db.update(sellers).set({ planCode: 'free' }).where(eq(sellers.id, sellerId))
    try {
      expect((await getPublicMagazine(db, published.identify))!.lineSheet).toBe(false)
      expect((await listMagazines(db, owner)).find((m) => m.id === published.id)!.lineSheet).toBe(false)
      const response = await lineSheetResponse(get(published.identify), published.identify, storage)
      expect(response.status).toBe(404)
    } finally {
      await db.update(sellers).set({ planCode: 'business' }).where(eq(sellers.id, sellerId))
    }
  })

  it('limits how many sheets one address can have drawn, not how many cached ones it downloads', async () => {
    const ip = freshIp()
    const published = await magazine()
    const first = await lineSheetResponse(get(published.identify, ip), published.identify, storage)
    expect(first.status).toBe(200)
    // The address has used up its renders in this window.
    await hitRateLimit(db, lineSheetRendersPerIp, ip, lineSheetRendersPerIp.limit)
    // A cached sheet still downloads.
    const cached = await lineSheetResponse(get(published.identify, ip), published.identify, storage)
    expect(cached.status).toBe(200)
    // A sheet that has to be drawn is refused with a Retry-After; another address gets it.
    const other = await magazine()
    const refused = await lineSheetResponse(get(other.identify, ip), other.identify, storage)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const elsewhere = await lineSheetResponse(get(other.identify), other.identify, storage)
    expect(elsewhere.status).toBe(200)
  })

  it('serves the cover as a 1200×630 Open Graph PNG for a published magazine only', async () => {
    const { mediaStorage } = await import('~/server/db/database.server')
    const published = await magazine()
    const draft = await magazine(false)
    const ogOf = (identify: string) =>
      magazineOgImageResponse(new Request(`${SITE}/magazine/${identify}/cover.png`), identify)
    // No cover yet: no preview image.
    expect((await ogOf(published.identify)).status).toBe(404)
    const cover = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: '#b45309' },
    })
      .png()
      .toBuffer()
    const { url } = await mediaStorage().put(`magazines/og-test-${published.id}.png`, cover)
    await db
      .update(magazines)
      .set({ cover: url })
      .where(inArray(magazines.id, [published.id, draft.id]))
    const response = await ogOf(published.identify)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
    expect((await ogOf(draft.identify)).status).toBe(404)
  })
})
