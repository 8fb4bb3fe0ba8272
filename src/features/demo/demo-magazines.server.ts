import '@tanstack/react-start/server-only'
import { eq, sql } from 'drizzle-orm'
import {
  addMagazineItems,
  addMagazinePage,
  createMagazine,
  runLineSheetJob,
  setMagazineStatus,
} from '~/features/magazines/index.server'
import { loadUser } from '~/server/auth/auth-user.server'
import type { AuthContext } from '~/server/auth/session.server'
import { selectRows, type Db, type Tx } from '~/server/db/client.server'
import { magazines, sellers } from '~/server/db/schema'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { demoMagazineSpecs, type DemoMagazineSpec } from './data/magazines'
import { magazineCoverSvg } from './data/svg'
import type { SellerSpec } from './data/market-generator'
import type { MediaFile } from './media'

/**
 * The demo's published magazines (data/magazines), made the way a seller makes them: the
 * magazines feature's own create, page, item and publish operations, acting as each seller's owner,
 * so ownership, live offers, page capacity and the plan's limit on published magazines all hold
 * (and each step is audited as that seller's). Covers are generated artwork, written with the rest
 * of the demo media.
 */

export const magazineCoverKey = (identify: string) => `magazines/demo-${identify}.svg`

export interface SeededMagazine {
  id: number
  identify: string
  sellerId: number
  lineSheet: boolean
}

interface Chosen {
  spec: DemoMagazineSpec
  seller: SellerSpec
}

/** Which market seller writes each magazine (the demo seller, else the nth approved on a plan). */
export function chooseMagazineSellers(market: readonly SellerSpec[], demoOwnerPhone: string): Chosen[] {
  const chosen: Chosen[] = []
  for (const spec of demoMagazineSpecs) {
    const candidates =
      spec.seller === 'demo'
        ? market.filter((s) => s.ownerPhone === demoOwnerPhone)
        : market.filter(
            (s) =>
              s.ownerPhone !== demoOwnerPhone &&
              s.status === 'approved' &&
              s.planCode === (spec.seller as { plan: string }).plan &&
              s.stores.some((store) => store.status === 'active'),
          )
    const seller = candidates[spec.seller === 'demo' ? 0 : spec.seller.nth]
    if (seller) chosen.push({ spec, seller })
  }
  return chosen
}

const sellerName = (spec: DemoMagazineSpec, seller: SellerSpec) =>
  spec.language === 'fa' ? seller.displayNameFa : seller.displayName

/** The covers' files, rendered when written like the rest of the demo media. */
export function magazineMedia(chosen: readonly Chosen[]): MediaFile[] {
  return chosen.map(({ spec, seller }) => ({
    key: magazineCoverKey(spec.identify),
    body: () =>
      magazineCoverSvg({
        title: spec.title(sellerName(spec, seller)),
        season: spec.season,
        seller: sellerName(spec, seller),
        colour: spec.colour,
        rtl: spec.language === 'fa',
      }),
  }))
}

interface OfferRow {
  id: number
  category_id: number
  name: string
  name_fa: string | null
}

/**
 * The seller's offers a magazine may hold (active SKU, store and product, in stock or always
 * available), by category: the categories with the most offers first, offers in SKU order.
 */
async function offersByCategory(tx: Tx, sellerId: number) {
  const rows = await selectRows<OfferRow>(
    tx,
    sql`select s.id, c.id as category_id, c.name, c.name_fa
      from skus s
      join stores st on st.id = s.store_id
      join products pr on pr.id = s.product_id
      join categories c on c.id = pr.category_id
      where st.seller_id = ${sellerId} and s.status = 'active' and st.status = 'active'
        and pr.status = 'active' and (s.always_available or s.remaining_quantity > 0)
      order by s.id`,
  )
  const groups = new Map<number, { name: string; nameFa: string | null; skuIds: number[] }>()
  for (const row of rows) {
    const key = Number(row.category_id)
    const group = groups.get(key) ?? { name: row.name, nameFa: row.name_fa, skuIds: [] }
    group.skuIds.push(Number(row.id))
    groups.set(key, group)
  }
  return [...groups.values()].sort((a, b) => b.skuIds.length - a.skuIds.length)
}

/** The owner acting in the seed, as a signed-in request would see them. */
async function ownerAuth(tx: Tx, sellerId: number): Promise<AuthContext> {
  const [row] = await tx
    .select({ ownerUserId: sellers.ownerUserId })
    .from(sellers)
    .where(eq(sellers.id, sellerId))
  const user = row ? await loadUser(tx, row.ownerUserId) : null
  if (!user) throw new Error(`demo seller ${sellerId} has no owner`)
  return { user, session: { id: 0, familyId: 'demo-seed' }, via: 'cookie' }
}

/**
 * Creates, fills and publishes the demo magazines in the seed's transaction (each operation is a
 * savepoint of it). Returns them; the caller draws the line sheets once the seed has committed.
 */
export async function seedDemoMagazines(
  tx: Tx,
  options: {
    chosen: readonly Chosen[]
    sellerIdOf: (seller: SellerSpec) => number
    storage: MediaStorage
    now: Date
  },
): Promise<SeededMagazine[]> {
  // The operations take the application's handle; a transaction is one (nested ones are savepoints).
  const db = tx as unknown as Db
  const seeded: SeededMagazine[] = []
  for (const { spec, seller } of options.chosen) {
    const sellerId = options.sellerIdOf(seller)
    // One category per page, titled by it: a seller with fewer categories gets fewer pages.
    const categories = await offersByCategory(tx, sellerId)
    const pages = spec.pages.flatMap((page, i) =>
      categories[i] ? [{ ...page, category: categories[i] }] : [],
    )
    if (pages.length === 0) continue
    const auth = await ownerAuth(tx, sellerId)
    const name = sellerName(spec, seller)
    const created = await createMagazine(db, auth, {
      title: spec.title(name),
      identify: spec.identify,
      description: spec.description(name),
      season: spec.season,
      cutoffAt: '',
    })
    // The cover is demo artwork already in media storage (written with the rest of the demo's
    // images), not an upload to re-encode, so it is set on the new draft directly.
    await tx
      .update(magazines)
      .set({ cover: options.storage.urlFor(magazineCoverKey(spec.identify)) })
      .where(eq(magazines.id, created.id))
    for (const { category, layout, items } of pages) {
      const title = spec.language === 'fa' ? category.nameFa || category.name : category.name
      const added = await addMagazinePage(db, auth, { magazineId: created.id, title, layout })
      await addMagazineItems(db, auth, { magazinePageId: added.id, skuIds: category.skuIds.slice(0, items) })
    }
    await setMagazineStatus(db, auth, { magazineId: created.id, status: 'published' })
    // Spread over the past days like the demo orders, so the list reads naturally newest first.
    const publishedAt = new Date(options.now.getTime() - spec.publishedMinutesAgo * 60_000)
    await tx
      .update(magazines)
      .set({
        publishedAt,
        createdAt: new Date(publishedAt.getTime() - 2 * 60 * 60_000),
        updatedAt: publishedAt,
      })
      .where(eq(magazines.id, created.id))
    seeded.push({ id: created.id, identify: spec.identify, sellerId, lineSheet: Boolean(spec.lineSheet) })
  }
  return seeded
}

/**
 * Draws the line sheets the specs ask for, by the `magazine.line-sheet` job's own code, after the
 * seed committed (publishing also queued that job; it then finds the sheet already current).
 */
export async function drawDemoLineSheets(
  db: Db,
  storage: MediaStorage,
  seeded: readonly SeededMagazine[],
): Promise<void> {
  for (const magazine of seeded) if (magazine.lineSheet) await runLineSheetJob(db, storage, magazine.id)
}
