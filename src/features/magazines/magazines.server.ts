import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { and, eq, ne, sql } from 'drizzle-orm'
import { assertPlanAllows } from '~/features/plans/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller, type SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { magazinePages, magazines } from '~/server/db/schema'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { statsSince } from './magazine-analytics.server'
import { discardCover, removeOldCover, writeCover } from './magazine-cover.server'
import { lineSheetKeysOf } from './magazine-line-sheet.server'
import { queueLineSheet, sellerHasLineSheets } from './magazine-line-sheet-queue.server'
import {
  IDENTIFY_TAKEN,
  NOTHING_TO_PUBLISH,
  ONLY_DRAFTS_DELETE,
  type MagazineFields,
  type MagazineState,
  type MagazineSummary,
} from './magazines.schemas'

/**
 * The seller's magazines (issue #18). Reads are open to the owner and observers of an approved
 * seller; writes to the owner only (DOMAIN.md "The seller's side": magazines are the owner's).
 * Another seller's magazine answers 404. Every write records an audit event in its transaction.
 */

export type MagazineRow = typeof magazines.$inferSelect

export const readActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })
export const writeActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: false })

export const auditedMagazine = (m: MagazineRow) => ({
  title: m.title,
  identify: m.identify,
  description: m.description,
  season: m.season,
  cover: m.cover,
  cutoffAt: m.cutoffAt?.toISOString() ?? null,
  status: m.status,
})

export function stateOf(m: { status: MagazineRow['status']; cutoffAt: Date | string | null }, at = now()) {
  if (m.status === 'draft') return 'draft' as MagazineState
  return m.cutoffAt && new Date(m.cutoffAt) <= at ? 'expired' : 'published'
}

/** The magazine when the actor's seller owns it; 404 otherwise (another seller's id looks absent). */
export async function ownedMagazine(
  db: DbOrTx,
  actor: SellerActor,
  magazineId: number,
): Promise<MagazineRow> {
  const [row] = await db
    .select()
    .from(magazines)
    .where(and(eq(magazines.id, magazineId), eq(magazines.sellerId, actor.sellerId)))
    .limit(1)
  if (!row) throw notFound(m.magazines_not_found())
  return row
}

/** Locks the magazine row for an edit of its pages or items, so two tabs' edits queue up. */
export async function lockMagazine(tx: DbOrTx, actor: SellerActor, magazineId: number): Promise<MagazineRow> {
  const row = await ownedMagazine(tx, actor, magazineId)
  await tx.execute(sql`select id from magazines where id = ${magazineId} for update`)
  return row
}

/**
 * Marks the magazine changed (its list shows when, and a cached line sheet is stale). A published
 * magazine's line sheet is queued for rendering in the same transaction, so the next buyer who
 * asks for it gets the cached PDF instead of waiting for an inline render.
 */
export async function touchMagazine(tx: DbOrTx, magazineId: number): Promise<void> {
  const [row] = await tx
    .update(magazines)
    .set({ updatedAt: now() })
    .where(eq(magazines.id, magazineId))
    .returning({ status: magazines.status, sellerId: magazines.sellerId })
  if (row?.status === 'published') await queueLineSheet(tx, row.sellerId, magazineId)
}

const identifyConflict = () => new HttpError(409, IDENTIFY_TAKEN(), { identify: [IDENTIFY_TAKEN()] })
const cutoffOf = (fields: MagazineFields) => (fields.cutoffAt ? new Date(fields.cutoffAt) : null)

interface SummaryRow {
  id: number
  identify: string
  title: string
  season: string
  cover: string | null
  status: MagazineRow['status']
  cutoff_at: string | Date | null
  published_at: string | Date | null
  updated_at: string | Date
  pages: number
  items: number
  views: number
  adds: number
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString())

/** The seller's magazines with their counts and the last 30 days' views and basket adds from them. */
export async function listMagazines(
  db: Db,
  auth: AuthContext | null,
  only?: number,
): Promise<MagazineSummary[]> {
  const actor = readActor(auth)
  const since = statsSince().toISOString()
  const rows = await selectRows<SummaryRow>(
    db,
    sql`
      select m.id, m.identify, m.title, m.season, m.cover, m.status, m.cutoff_at, m.published_at, m.updated_at,
        (select count(*)::int from magazine_pages p where p.magazine_id = m.id) as pages,
        (select count(*)::int from magazine_items i join magazine_pages p on p.id = i.page_id
          where p.magazine_id = m.id) as items,
        (select count(*)::int from analytics_events e where e.name = 'page_view'
          and e.path = '/magazine/' || m.identify and e.received_at >= ${since}::timestamptz) as views,
        (select count(*)::int from analytics_events e where e.name = 'cart_item_added'
          and e.path = '/magazine/' || m.identify and e.received_at >= ${since}::timestamptz) as adds
      from magazines m
      where m.seller_id = ${actor.sellerId} ${only ? sql`and m.id = ${only}` : sql``}
      order by m.updated_at desc, m.id desc
      limit 200
    `,
  )
  const lineSheets = await sellerHasLineSheets(db, actor.sellerId)
  return rows.map((r) => ({
    id: Number(r.id),
    identify: r.identify,
    title: r.title,
    season: r.season,
    cover: r.cover,
    status: r.status,
    state: stateOf({ status: r.status, cutoffAt: r.cutoff_at }),
    cutoffAt: iso(r.cutoff_at),
    publishedAt: iso(r.published_at),
    updatedAt: iso(r.updated_at)!,
    pages: Number(r.pages),
    items: Number(r.items),
    views30d: Number(r.views),
    adds30d: Number(r.adds),
    lineSheet: lineSheets && r.status === 'published',
  }))
}

export async function createMagazine(
  db: Db,
  auth: AuthContext | null,
  input: MagazineFields,
  coverUploads: readonly UploadedFile[] = [],
  storage?: MediaStorage,
): Promise<{ id: number; identify: string }> {
  const actor = writeActor(auth)
  const cover = await writeCover(db, actor, coverUploads, storage, async () => undefined)
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(magazines)
        .values({
          sellerId: actor.sellerId,
          title: input.title,
          identify: input.identify,
          description: input.description,
          season: input.season,
          cutoffAt: cutoffOf(input),
          cover: cover?.url ?? null,
        })
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'magazine.create',
        recordType: 'magazine',
        recordId: row!.id,
        after: auditedMagazine(row!),
      })
      return { id: row!.id, identify: row!.identify }
    })
  } catch (error) {
    await discardCover(storage, cover)
    if (isUniqueViolation(error, 'magazines_identify_key')) throw identifyConflict()
    throw error
  }
}

/** Removes an old cover's files unless another magazine (a duplicate) still shows it. */
async function releaseCover(db: Db, storage: MediaStorage | undefined, url: string | null) {
  if (!url) return
  const [used] = await db
    .select({ id: magazines.id })
    .from(magazines)
    .where(eq(magazines.cover, url))
    .limit(1)
  if (!used) await removeOldCover(storage, url)
}

export async function updateMagazine(
  db: Db,
  auth: AuthContext | null,
  input: MagazineFields & { magazineId: number; removeCover?: boolean },
  coverUploads: readonly UploadedFile[] = [],
  storage?: MediaStorage,
): Promise<{ id: number; identify: string }> {
  const actor = writeActor(auth)
  const { magazineId, removeCover = false } = input
  const cover = await writeCover(db, actor, coverUploads, storage, () => ownedMagazine(db, actor, magazineId))
  let replaced: string | null = null
  try {
    const saved = await db.transaction(async (tx) => {
      const before = await lockMagazine(tx, actor, magazineId)
      const [after] = await tx
        .update(magazines)
        .set({
          title: input.title,
          identify: input.identify,
          description: input.description,
          season: input.season,
          cutoffAt: cutoffOf(input),
          cover: cover ? cover.url : removeCover ? null : before.cover,
          updatedAt: now(),
        })
        .where(eq(magazines.id, magazineId))
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'magazine.update',
        recordType: 'magazine',
        recordId: magazineId,
        before: auditedMagazine(before),
        after: auditedMagazine(after!),
      })
      if (after!.status === 'published') await queueLineSheet(tx, actor.sellerId, magazineId)
      if (before.cover !== after!.cover) replaced = before.cover
      return { id: magazineId, identify: after!.identify }
    })
    await releaseCover(db, storage, replaced)
    return saved
  } catch (error) {
    await discardCover(storage, cover)
    if (isUniqueViolation(error, 'magazines_identify_key')) throw identifyConflict()
    throw error
  }
}

/** A free identify for a copy: `<identify>-copy`, then `-copy-2`, … */
async function freeIdentify(tx: DbOrTx, base: string): Promise<string> {
  const stem = `${base.slice(0, 50).replace(/-+$/, '')}-copy`
  const taken = new Set(
    (
      await tx
        .select({ identify: magazines.identify })
        .from(magazines)
        .where(sql`${magazines.identify} like ${stem + '%'}`)
    ).map((r) => r.identify),
  )
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? stem : `${stem}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}

/** A new draft with the same fields, pages and items (for next season), under a new identify. */
export async function duplicateMagazine(
  db: Db,
  auth: AuthContext | null,
  magazineId: number,
): Promise<{ id: number; identify: string }> {
  const actor = writeActor(auth)
  return db.transaction(async (tx) => {
    const source = await ownedMagazine(tx, actor, magazineId)
    const [copy] = await tx
      .insert(magazines)
      .values({
        sellerId: actor.sellerId,
        identify: await freeIdentify(tx, source.identify),
        title: `${source.title} (copy)`.slice(0, 120),
        description: source.description,
        season: source.season,
        cover: source.cover,
        cutoffAt: null,
      })
      .returning()
    const pages = await tx
      .select()
      .from(magazinePages)
      .where(eq(magazinePages.magazineId, source.id))
      .orderBy(magazinePages.position)
    for (const page of pages) {
      const [newPage] = await tx
        .insert(magazinePages)
        .values({ magazineId: copy!.id, position: page.position, title: page.title, layout: page.layout })
        .returning({ id: magazinePages.id })
      await tx.execute(sql`
        insert into magazine_items (page_id, position, sku_id, note)
        select ${newPage!.id}, position, sku_id, note from magazine_items where page_id = ${page.id}`)
    }
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'magazine.duplicate',
      recordType: 'magazine',
      recordId: copy!.id,
      after: { ...auditedMagazine(copy!), copiedFrom: source.id },
    })
    return { id: copy!.id, identify: copy!.identify }
  })
}

export async function deleteMagazine(
  db: Db,
  auth: AuthContext | null,
  magazineId: number,
  storage?: MediaStorage,
): Promise<void> {
  const actor = writeActor(auth)
  const { cover, sheets } = await db.transaction(async (tx) => {
    const before = await lockMagazine(tx, actor, magazineId)
    if (before.status !== 'draft') throw new HttpError(409, ONLY_DRAFTS_DELETE())
    // A draft that was published once may have cached line sheets; their rows go with the magazine.
    const sheets = await lineSheetKeysOf(tx, magazineId)
    await tx.delete(magazines).where(eq(magazines.id, magazineId))
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'magazine.delete',
      recordType: 'magazine',
      recordId: magazineId,
      before: auditedMagazine(before),
    })
    return { cover: before.cover, sheets }
  })
  await releaseCover(db, storage, cover)
  for (const sheet of sheets) await storage?.remove(sheet).catch(() => undefined)
}

interface ItemCheckRow {
  id: number
  sku: string
  name: string
  ok: boolean
}

/**
 * Publish (after checking every item is still the seller's own, active, in an active store, of an
 * active product, and that there is at least one) or unpublish. 422 names what stops publishing.
 */
export async function setMagazineStatus(
  db: Db,
  auth: AuthContext | null,
  input: { magazineId: number; status: MagazineRow['status'] },
): Promise<{ status: MagazineRow['status'] }> {
  const actor = writeActor(auth)
  return db.transaction(async (tx) => {
    const before = await lockMagazine(tx, actor, input.magazineId)
    if (before.status === input.status) return { status: before.status }
    if (input.status === 'published') {
      const items = await selectRows<ItemCheckRow>(
        tx,
        sql`
          select i.id, s.sku, pr.name,
            (st.seller_id = ${actor.sellerId} and s.status = 'active' and st.status = 'active'
              and pr.status = 'active') as ok
          from magazine_items i
          join magazine_pages p on p.id = i.page_id
          join skus s on s.id = i.sku_id
          join stores st on st.id = s.store_id
          join products pr on pr.id = s.product_id
          where p.magazine_id = ${input.magazineId}
          order by p.position, i.position
        `,
      )
      if (items.length === 0)
        throw new HttpError(422, NOTHING_TO_PUBLISH(), { items: [NOTHING_TO_PUBLISH()] })
      const bad = items.filter((i) => !i.ok)
      if (bad.length) {
        const names = bad.map((i) => `${i.name} (${i.sku})`).join(m.magazines_list_separator())
        const message = m.magazines_items_not_publishable({ names })
        throw new HttpError(422, message, { items: [message] })
      }
      if (before.cutoffAt && before.cutoffAt <= now()) {
        const message = m.magazines_cutoff_passed()
        throw new HttpError(422, message, { cutoffAt: [message] })
      }
      // The plan's limit on published magazines (403 naming the plan that would allow more).
      await assertPlanAllows(tx, actor.sellerId, 'magazines')
    }
    const [after] = await tx
      .update(magazines)
      .set({
        status: input.status,
        publishedAt: input.status === 'published' ? now() : before.publishedAt,
        updatedAt: now(),
      })
      .where(eq(magazines.id, input.magazineId))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: input.status === 'published' ? 'magazine.publish' : 'magazine.unpublish',
      recordType: 'magazine',
      recordId: input.magazineId,
      before: { status: before.status },
      after: { status: after!.status },
    })
    // The PDF line sheet is drawn in the background, so the first buyer to ask gets it at once.
    if (after!.status === 'published') await queueLineSheet(tx, actor.sellerId, input.magazineId)
    return { status: after!.status }
  })
}

/** Whether another magazine already uses this identify (the form's live hint). */
export async function identifyTaken(db: Db, auth: AuthContext | null, identify: string, exceptId?: number) {
  readActor(auth)
  const [row] = await db
    .select({ id: magazines.id })
    .from(magazines)
    .where(
      exceptId
        ? and(eq(magazines.identify, identify), ne(magazines.id, exceptId))
        : eq(magazines.identify, identify),
    )
    .limit(1)
  return { taken: Boolean(row) }
}
