import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { refreshDueListings, refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { applyImport, checkImport, requestApply, startImport } from '~/features/imports/imports.server'
import { setSkuStatuses } from '~/features/inventory/inventory.server'
import { createTiers } from '~/features/inventory/price-tiers.server'
import { addMagazineItems, addMagazinePage } from '~/features/magazines/magazine-editor.server'
import { lineSheetResponse } from '~/features/magazines/magazine-line-sheet-route.server'
import { createMagazine, setMagazineStatus } from '~/features/magazines/magazines.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { mediaStorage } from '~/server/db/database.server'
import { sellers } from '~/server/db/schema'
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
import { IMPORT_HEADER, sheetLine } from './import-fixtures'
import { authOf, tempStorage } from './tickets-fixtures'

/**
 * Issue #18: a published magazine's PDF line sheet follows the prices, tiers, stock and status of
 * its items. A change made anywhere (tier form, import, a tier ending at its time, pausing an SKU)
 * queues the sheet's job in the same transaction, so the next buyer gets the new sheet from the
 * cache instead of the old one being drawn again on their request.
 */

const HOUR = 3_600_000
const PERSIAN_NAME = 'زرشک پفکی قاینات'
const hasPdfToText = existsSync('/usr/bin/pdftotext')

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'line-sheet-'))
  try {
    writeFileSync(join(dir, 'sheet.pdf'), bytes)
    return execFileSync('pdftotext', ['-layout', join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

let n = 0
describe(`line sheets follow their items' prices (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let owner: AuthContext
  let sellerId: number
  let store: Awaited<ReturnType<typeof createStore>>
  let category: Awaited<ReturnType<typeof createCategory>>
  const importStorage = tempStorage()

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const user = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner: user })
    sellerId = seller.id
    owner = await authOf(db, user.id)
    category = await createCategory(db)
    store = await createStore(db, { seller })
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  const sku = async (
    tiers: NonNullable<Parameters<typeof createSku>[1]>['tiers'] = [{ unitPrice: 900_000 }],
    name = `Barberry pack ${++n}`,
  ) =>
    createSku(db, {
      store,
      product: await createProduct(db, { category, name }),
      remainingQuantity: 40,
      tiers,
    })

  async function published(skuIds: number[], publish = true) {
    const magazine = await createMagazine(db, owner, {
      title: `Prices follow ${++n}`,
      identify: `prices-follow-${Date.now().toString(36)}-${n}`,
      description: '',
      season: '',
      cutoffAt: '',
    })
    const page = await addMagazinePage(db, owner, { magazineId: magazine.id, title: 'All', layout: '4' })
    await addMagazineItems(db, owner, { magazinePageId: page.id, skuIds })
    if (publish) await setMagazineStatus(db, owner, { magazineId: magazine.id, status: 'published' })
    // The publishing job draws the first sheet.
    await runDueJobs()
    return magazine
  }

  const queuedFor = async (magazineId: number) =>
    (await jobsNamed('magazine.line-sheet')).filter((j) => j.data.magazineId === magazineId).length

  const download = (identify: string) =>
    lineSheetResponse(
      new Request(`${SITE}/magazine/${identify}/line-sheet.pdf`, {
        headers: { 'x-forwarded-for': freshIp() },
      }),
      identify,
      mediaStorage(),
    )

  it('a tier change queues the sheet; once the job ran, the next PDF is the cached one with the new price', async () => {
    const item = await sku(undefined, PERSIAN_NAME)
    const magazine = await published([item.id])
    const before = await download(magazine.identify)
    expect(before.headers.get('x-line-sheet-cache')).toBe('hit')
    if (hasPdfToText) expect(pdfText(new Uint8Array(await before.arrayBuffer()))).toContain('900,000')
    const queued = await queuedFor(magazine.id)

    await createTiers(db, owner, {
      sku: item.sku,
      tiers: [
        {
          minQuantity: 50,
          unitPrice: 640_000,
          offerPrice: 0,
          validFrom: new Date().toISOString(),
          validTo: null,
        },
      ],
    })
    expect(await queuedFor(magazine.id)).toBe(queued + 1)
    await runDueJobs()
    const after = await download(magazine.identify)
    expect(after.status).toBe(200)
    expect(after.headers.get('x-line-sheet-cache')).toBe('hit')
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    const bytes = new Uint8Array(await after.arrayBuffer())
    if (hasPdfToText) expect(pdfText(bytes)).toContain('640,000')
    // For looking at: MAGAZINE_SHOTS_DIR=/tmp/x keeps the sheet, to render with pdftoppm.
    if (process.env.MAGAZINE_SHOTS_DIR)
      writeFileSync(join(process.env.MAGAZINE_SHOTS_DIR, 'line-sheet.pdf'), bytes)
  })

  it('a tier that ends at its time, with the next one starting, is followed by the periodic listing refresh', async () => {
    const switchAt = new Date(Math.ceil((Date.now() + HOUR) / 60_000) * 60_000)
    const item = await sku([
      { minQuantity: 5, unitPrice: 910_000, validTo: switchAt },
      { minQuantity: 5, unitPrice: 720_000, validFrom: switchAt },
    ])
    // The periodic refresh picks up tiers that started or ended since its last run.
    await refreshProductListings(db)
    const magazine = await published([item.id])
    const queued = await queuedFor(magazine.id)
    await refreshDueListings(db)
    expect(await queuedFor(magazine.id)).toBe(queued) // nothing ended yet

    setClock(switchAt.getTime() + 60_000)
    await refreshDueListings(db)
    expect(await queuedFor(magazine.id)).toBe(queued + 1)
    await runDueJobs()
    const after = await download(magazine.identify)
    expect(after.headers.get('x-line-sheet-cache')).toBe('hit')
    if (hasPdfToText) {
      const text = pdfText(new Uint8Array(await after.arrayBuffer()))
      expect(text).toContain('720,000')
      expect(text).not.toContain('910,000')
    }
  })

  it('an import and a paused SKU queue the sheets holding them; drafts, other magazines and plans without sheets do not', async () => {
    const [a, b, c] = [await sku(), await sku(), await sku()]
    const holdsA = await published([a.id, b.id])
    const holdsC = await published([c.id])
    const draft = await published([a.id], false)
    const counts = async () => [
      await queuedFor(holdsA.id),
      await queuedFor(holdsC.id),
      await queuedFor(draft.id),
    ]
    const start = await counts()
    expect(start[2]).toBe(0)

    // A price and stock sheet changing A's stock and tiers.
    const bytes = Buffer.from(
      [IMPORT_HEADER, sheetLine(a.sku, 40, 25, 'no', [[1, 880_000, 0, '', '']])].join('\n'),
    )
    const { importId } = await startImport(db, owner, { name: 'prices.csv', bytes }, importStorage)
    await checkImport(db, importId, importStorage)
    await requestApply(db, owner, importId, 'all_or_nothing')
    await applyImport(db, importId, { isLastAttempt: true })
    const afterImport = await counts()
    expect(afterImport).toEqual([start[0]! + 1, start[1], 0])

    // Pausing B: the same magazine again, in the next slot (a burst is drawn at most twice).
    await setSkuStatuses(db, owner, { skuIds: [b.id], status: 'inactive' })
    await setSkuStatuses(db, owner, { skuIds: [b.id], status: 'active' })
    const afterPause = await counts()
    expect(afterPause).toEqual([afterImport[0]! + 1, start[1], 0])

    // On a plan without line sheets nothing is queued.
    await db.update(sellers).set({ planCode: 'free' }).where(eq(sellers.id, sellerId))
    try {
      await createTiers(db, owner, {
        sku: c.sku,
        tiers: [
          {
            minQuantity: 60,
            unitPrice: 500_000,
            offerPrice: 0,
            validFrom: new Date().toISOString(),
            validTo: null,
          },
        ],
      })
      expect(await counts()).toEqual(afterPause)
    } finally {
      await db.update(sellers).set({ planCode: 'business' }).where(eq(sellers.id, sellerId))
    }
  })
})
