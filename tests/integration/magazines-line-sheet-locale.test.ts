import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMagazineItems, addMagazinePage } from '~/features/magazines/magazine-editor.server'
import { lineSheetResponse } from '~/features/magazines/magazine-line-sheet-route.server'
import { getPublicMagazine, unavailableReason } from '~/features/magazines/magazines-public.server'
import { createMagazine, setMagazineStatus } from '~/features/magazines/magazines.server'
import type { Db } from '~/server/db/client.server'
import { magazineLineSheets } from '~/server/db/schema'
import { requestScope, scopeOfRequest } from '~/server/log.server'
import { localDiskStorage, type MediaStorage } from '~/server/providers/storage/storage.server'
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
import { authOf } from './tickets-fixtures'

/**
 * The line sheet and the public magazine in the reader's language (issue #22): a Persian reader
 * gets a Persian sheet (words, Persian digits, the product's Persian name, rial or toman as
 * chosen), an English reader the English one, and each is cached on its own, so neither is ever
 * served the other's and neither pushes the other out of the cache.
 */

const inScope = <T>(request: Request, handle: () => Promise<T>) =>
  requestScope.run(
    scopeOfRequest(request, { requestId: randomUUID(), cspNonce: 'n', defaultLocale: 'en' }).scope,
    handle,
  )

const sheetRequest = (identify: string, cookies: Record<string, string> = {}) =>
  new Request(`${SITE}/magazine/${identify}/line-sheet.pdf`, {
    headers: {
      'x-forwarded-for': freshIp(),
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    },
  })

const textOf = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text

describe(`line sheets and magazines in the reader's language (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let storage: MediaStorage
  let mediaRoot: string
  let identify: string
  let magazineId: number

  const download = async (cookies: Record<string, string> = {}) => {
    const request = sheetRequest(identify, cookies)
    const response = await inScope(request, () => lineSheetResponse(request, identify, storage))
    expect(response.status).toBe(200)
    const bytes = new Uint8Array(await response.arrayBuffer())
    return { cache: response.headers.get('x-line-sheet-cache'), bytes, text: await textOf(bytes.slice()) }
  }

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    mediaRoot = mkdtempSync(join(tmpdir(), 'line-sheet-locale-'))
    storage = localDiskStorage(mediaRoot)
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user })
    const owner = await authOf(db, user.id)
    const category = await createCategory(db)
    const store = await createStore(db, { seller })
    const sku = await createSku(db, {
      store,
      product: await createProduct(db, { category, name: 'Green tea, loose leaf', nameFa: 'چای سبز فله' }),
      tiers: [
        { minQuantity: 5, unitPrice: 900_000 },
        { minQuantity: 20, unitPrice: 800_000, offerPrice: 750_000 },
      ],
    })
    identify = `line-sheet-locale-${Date.now().toString(36)}`
    const created = await createMagazine(db, owner, {
      title: 'Autumn range',
      identify,
      description: '',
      season: '',
      cutoffAt: '',
    })
    magazineId = created.id
    const page = await addMagazinePage(db, owner, { magazineId, title: '', layout: '4' })
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds: [sku.id] })
    await setMagazineStatus(db, owner, { magazineId, status: 'published' })
  })
  afterAll(async () => {
    await closeAuthTestDatabase()
    rmSync(mediaRoot, { recursive: true, force: true })
  })

  it('draws a Persian sheet for a Persian reader and an English one for an English reader, each cached', async () => {
    const fa = await download({ locale: 'fa' })
    expect(fa.cache).toBe('miss')
    for (const expected of ['فهرست قیمت', 'حداقل سفارش', 'قیمت واحد', 'ریال', '۹۰۰٬۰۰۰', 'به وقت تهران'])
      expect(fa.text.replace(/[\u202a-\u202e\u200e\u200f]/g, '')).toContain(expected)
    // The product's Persian name, not its English one; pdf text extraction may split RTL runs.
    expect(fa.text.replace(/\s+/g, '')).toContain('چایسبزفله')
    expect(fa.text).not.toContain('Green tea')
    expect(fa.text).not.toContain('Prices as of')
    expect(fa.text).not.toContain('900,000')

    const en = await download()
    expect(en.cache).toBe('miss')
    for (const expected of ['LINE SHEET', 'Prices as of', 'MOQ 5', 'IRR 900,000', 'Green tea, loose leaf', 'Page 1'])
      expect(en.text).toContain(expected)
    expect(en.text).not.toMatch(/[\u0600-\u06FF]/)

    // Both stay cached side by side: each reader gets theirs from the cache, unchanged.
    const faAgain = await download({ locale: 'fa' })
    const enAgain = await download({ locale: 'en' })
    expect([faAgain.cache, enAgain.cache]).toEqual(['hit', 'hit'])
    expect(faAgain.bytes).toEqual(fa.bytes)
    expect(enAgain.bytes).toEqual(en.bytes)
    const rows = await db
      .select({ variant: magazineLineSheets.variant })
      .from(magazineLineSheets)
      .where(eq(magazineLineSheets.magazineId, magazineId))
    expect(rows.map((r) => r.variant).sort()).toEqual(['en-rial', 'fa-rial'])
  })

  it('shows amounts in toman when the reader chose toman, as a sheet of its own', async () => {
    const toman = await download({ locale: 'fa', money: 'toman' })
    expect(toman.cache).toBe('miss')
    const text = toman.text.replace(/[\u202a-\u202e\u200e\u200f]/g, '')
    expect(text).toContain('تومان')
    expect(text).toContain('۹۰٬۰۰۰')
    expect((await download({ locale: 'fa' })).cache).toBe('hit')
  })

  it('names products and says why an item cannot be added in the reader’s language', async () => {
    const request = sheetRequest(identify, { locale: 'fa' })
    const magazine = await inScope(request, () => getPublicMagazine(db, identify))
    const item = magazine!.pages[0]!.items[0]!
    expect(item.name).toBe('چای سبز فله')
    const reason = await inScope(request, async () => unavailableReason({ ...item, onOffer: false }))
    expect(reason).toBe('دیگر عرضه نمی‌شود')
    const english = await getPublicMagazine(db, identify)
    expect(english!.pages[0]!.items[0]!.name).toBe('Green tea, loose leaf')
    expect(unavailableReason({ ...item, onOffer: false })).toBe('No longer on offer')
  })
})
