import '@tanstack/react-start/server-only'
import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { currentLocale, currentMoneyUnit } from '~/lib/i18n'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { magazineLineSheets } from '~/server/db/schema'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import type { PublicMagazine } from './magazines.schemas'
import { getPublicMagazine } from './magazines-public.server'

/**
 * The magazine's PDF line sheet (issue #18): what it prints, the fingerprint of that, and the cache
 * of rendered bytes in media storage. A sheet is rendered by the `magazine.line-sheet` job (queued
 * when a magazine is published) or, when a buyer asks before the job ran or after something it
 * prints changed, once by the request itself; later requests serve the cached bytes while the
 * fingerprint still matches. Only sellers whose plan has the `magazine_pdf` feature have sheets.
 */

/** Bump when the layout changes, so every cached sheet is drawn again. */
const LAYOUT_VERSION = 2

/**
 * Which drawing of a sheet the request wants: its language (words, digits, calendar, direction)
 * and money unit. Each is cached on its own, so a Persian reader's sheet is never served to an
 * English one, and both stay cached.
 */
export const lineSheetVariant = () => `${currentLocale()}-${currentMoneyUnit()}`

export interface LineSheetSource {
  magazineId: number
  magazine: PublicMagazine
  seller: { name: string; phone: string; city: string; address: string }
  /** The first store's logo that has one (the stores the magazine's items come from). */
  logo: string | null
}

/** What a line sheet prints, or null: no published magazine by this identify, or no sheets on the plan. */
export async function lineSheetSource(db: DbOrTx, identify: string): Promise<LineSheetSource | null> {
  const magazine = await getPublicMagazine(db, identify)
  if (!magazine?.lineSheet) return null
  const [row] = await selectRows<{
    id: number
    name: string
    phone: string
    city: string
    address: string
  }>(
    db,
    sql`select m.id, se.display_name as name, se.phone, se.city, se.address
      from magazines m join sellers se on se.id = m.seller_id where m.identify = ${identify} limit 1`,
  )
  if (!row) return null
  const slugs = magazine.stores.map((s) => s.slug)
  const logos = slugs.length
    ? await selectRows<{ slug: string; logo: string | null }>(
        db,
        sql`select slug, logo from stores where seller_id = ${magazine.seller.id}
          and slug in (${sql.join(
            slugs.map((s) => sql`${s}`),
            sql`, `,
          )})`,
      )
    : []
  const logo = slugs.map((slug) => logos.find((l) => l.slug === slug)?.logo).find(Boolean) ?? null
  return {
    magazineId: Number(row.id),
    magazine,
    seller: { name: row.name, phone: row.phone, city: row.city, address: row.address },
    logo,
  }
}

/**
 * A hash of everything the sheet prints. Stock enters as in/out of stock only, so an ordinary sale
 * does not make the sheet stale; prices, tiers, MOQ, names, photos and the layout do.
 */
export function lineSheetFingerprint(source: LineSheetSource): string {
  const { magazine } = source
  const printed = {
    v: LAYOUT_VERSION,
    variant: lineSheetVariant(),
    site: serverConfig().publicSiteUrl,
    currency: serverConfig().money.currency,
    magazine: {
      identify: magazine.identify,
      title: magazine.title,
      description: magazine.description,
      season: magazine.season,
      cover: magazine.cover,
      cutoffAt: magazine.cutoffAt,
      expired: magazine.expired,
    },
    seller: source.seller,
    logo: source.logo,
    pages: magazine.pages.map((p) => ({
      title: p.title,
      items: p.items.map((i) => ({
        sku: i.sku,
        name: i.name,
        unit: i.unit,
        image: i.image,
        brand: i.brand,
        note: i.note,
        onOffer: i.onOffer,
        inStock: i.inStock,
        minQuantity: i.minQuantity,
        tiers: i.tiers,
      })),
    })),
  }
  return createHash('sha256').update(JSON.stringify(printed)).digest('hex')
}

export interface LineSheet {
  bytes: Uint8Array<ArrayBuffer>
  fingerprint: string
  /** Whether it came from the cache (false: rendered for this call). */
  cached: boolean
}

/** The cached sheet when it is still what the magazine prints now; null when stale or missing. */
export async function cachedLineSheet(
  db: DbOrTx,
  storage: MediaStorage,
  magazineId: number,
  fingerprint: string,
): Promise<LineSheet | null> {
  const [row] = await db
    .select()
    .from(magazineLineSheets)
    .where(
      and(eq(magazineLineSheets.magazineId, magazineId), eq(magazineLineSheets.variant, lineSheetVariant())),
    )
  if (!row || row.fingerprint !== fingerprint) return null
  const file = await storage.get(row.mediaKey)
  if (!file) return null
  return { bytes: new Uint8Array(file.body), fingerprint, cached: true }
}

/** Renders in flight in this process, so concurrent requests for one stale sheet render it once. */
const rendering = new Map<string, Promise<LineSheet>>()

/**
 * Renders the sheet, stores it and records it as the magazine's current one (the previous file is
 * removed). pdfkit and the fonts are loaded on first use, like the invoice's.
 */
export function renderAndCacheLineSheet(
  db: Db,
  storage: MediaStorage,
  source: LineSheetSource,
  fingerprint: string,
): Promise<LineSheet> {
  const variant = lineSheetVariant()
  const key = `${source.magazineId}:${fingerprint}`
  const running = rendering.get(key)
  if (running) return running
  const work = (async (): Promise<LineSheet> => {
    const { renderLineSheetPdf } = await import('./magazine-line-sheet-pdf.server')
    const config = serverConfig()
    const bytes = await renderLineSheetPdf(source, {
      storage,
      at: now(),
      siteUrl: config.publicSiteUrl,
      currency: config.money.currency,
    })
    const mediaKey = `magazine-line-sheets/${source.magazineId}-${variant}-${fingerprint.slice(0, 24)}.pdf`
    await storage.put(mediaKey, bytes)
    const previous = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ mediaKey: magazineLineSheets.mediaKey })
        .from(magazineLineSheets)
        .where(
          and(eq(magazineLineSheets.magazineId, source.magazineId), eq(magazineLineSheets.variant, variant)),
        )
        .for('update')
      const values = { fingerprint, mediaKey, bytes: bytes.byteLength, renderedAt: now() }
      await tx
        .insert(magazineLineSheets)
        .values({ magazineId: source.magazineId, variant, ...values })
        .onConflictDoUpdate({ target: [magazineLineSheets.magazineId, magazineLineSheets.variant], set: values })
      return before?.mediaKey ?? null
    })
    if (previous && previous !== mediaKey) await storage.remove(previous).catch(() => undefined)
    return { bytes, fingerprint, cached: false }
  })()
  rendering.set(key, work)
  void work.finally(() => rendering.delete(key)).catch(() => undefined)
  return work
}

/** The current sheet of a published magazine: the cache when fresh, else rendered now. */
export async function ensureLineSheet(
  db: Db,
  storage: MediaStorage,
  source: LineSheetSource,
  beforeRender?: () => Promise<void>,
): Promise<LineSheet> {
  const fingerprint = lineSheetFingerprint(source)
  const cached = await cachedLineSheet(db, storage, source.magazineId, fingerprint)
  if (cached) return cached
  await beforeRender?.()
  return renderAndCacheLineSheet(db, storage, source, fingerprint)
}

/** The job: renders a published magazine's sheet unless the cache is already current. */
export async function runLineSheetJob(db: Db, storage: MediaStorage, magazineId: number): Promise<void> {
  const [row] = await selectRows<{ identify: string }>(
    db,
    sql`select identify from magazines where id = ${magazineId} and status = 'published'`,
  )
  if (!row) return
  const source = await lineSheetSource(db, row.identify)
  if (source) await ensureLineSheet(db, storage, source)
}

/** The media keys of a magazine's cached sheets (one per variant drawn). */
export async function lineSheetKeysOf(db: DbOrTx, magazineId: number): Promise<string[]> {
  const rows = await db
    .select({ mediaKey: magazineLineSheets.mediaKey })
    .from(magazineLineSheets)
    .where(eq(magazineLineSheets.magazineId, magazineId))
  return rows.map((row) => row.mediaKey)
}
