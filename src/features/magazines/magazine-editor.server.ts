import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { localName } from './local-names.server'
import { formatNumber } from '~/lib/money'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { recordAuditEvent } from '~/server/audit/audit.server'
import type { SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { magazineItems, magazinePages, magazines } from '~/server/db/schema'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import {
  LAYOUT_CAPACITY,
  MAX_PAGES,
  PAGES_FULL,
  PAGE_FULL,
  SKU_NOT_YOURS,
  type ArrangeMagazineInput,
  type EditorItem,
  type EditorPage,
  type MagazineDetail,
} from './magazines.schemas'
import { magazinePageStats } from './magazine-analytics.server'
import {
  listMagazines,
  lockMagazine,
  ownedMagazine,
  readActor,
  touchMagazine,
  writeActor,
} from './magazines.server'
import type { MagazineLayout } from '~/lib/domain-enums'

/**
 * A magazine's pages and items (the products editor). Every change is its own small transaction,
 * so the editor saves as you go; each locks the magazine row and writes an audit event.
 */

type PageRow = typeof magazinePages.$inferSelect

async function ownedPage(tx: DbOrTx, actor: SellerActor, pageId: number): Promise<PageRow> {
  const [row] = await tx
    .select({ page: magazinePages })
    .from(magazinePages)
    .innerJoin(magazines, eq(magazines.id, magazinePages.magazineId))
    .where(and(eq(magazinePages.id, pageId), eq(magazines.sellerId, actor.sellerId)))
    .limit(1)
  if (!row) throw notFound(m.magazines_page_not_found())
  return row.page
}

async function ownedItem(tx: DbOrTx, actor: SellerActor, itemId: number) {
  const [row] = await tx
    .select({ item: magazineItems, magazineId: magazinePages.magazineId })
    .from(magazineItems)
    .innerJoin(magazinePages, eq(magazinePages.id, magazineItems.pageId))
    .innerJoin(magazines, eq(magazines.id, magazinePages.magazineId))
    .where(and(eq(magazineItems.id, itemId), eq(magazines.sellerId, actor.sellerId)))
    .limit(1)
  if (!row) throw notFound(m.magazines_item_not_found())
  return row
}

const audit = (
  tx: DbOrTx,
  actor: SellerActor,
  action: string,
  magazineId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) =>
  recordAuditEvent(tx, {
    actorUserId: actor.auth.user.id,
    sellerId: actor.sellerId,
    action,
    recordType: 'magazine',
    recordId: magazineId,
    before,
    after,
  })

interface EditorItemRow {
  id: number
  page_id: number
  sku_id: number
  sku: string
  name: string
  image: string | null
  store_name: string
  note: string
  live: boolean
}

export async function getMagazineDetail(
  db: Db,
  auth: AuthContext | null,
  magazineId: number,
): Promise<MagazineDetail> {
  const actor = readActor(auth)
  const magazine = await ownedMagazine(db, actor, magazineId)
  const [summary] = await listMagazines(db, auth, magazineId)
  const stats = await magazinePageStats(db, magazine.identify)
  const pagesList = (await editorPages(db, magazineId)).map((page) => ({
    ...page,
    views30d: stats.pageViews.get(page.id) ?? 0,
    items: page.items.map((item) => ({ ...item, adds30d: stats.skuAdds.get(item.sku) ?? 0 })),
  }))
  return { ...summary!, description: magazine.description, pagesList }
}

type BareItem = Omit<EditorItem, 'adds30d'>
type BarePage = Omit<EditorPage, 'views30d' | 'items'> & { items: BareItem[] }

export async function editorPages(db: DbOrTx, magazineId: number): Promise<BarePage[]> {
  const pages = await db
    .select()
    .from(magazinePages)
    .where(eq(magazinePages.magazineId, magazineId))
    .orderBy(asc(magazinePages.position), asc(magazinePages.id))
  const items = await selectRows<EditorItemRow>(
    db,
    sql`
      select i.id, i.page_id, i.sku_id, s.sku, ${localName('pr')} as name, i.note, ${localName('st')} as store_name,
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image,
        (s.status = 'active' and st.status = 'active' and pr.status = 'active') as live
      from magazine_items i
      join magazine_pages p on p.id = i.page_id
      join skus s on s.id = i.sku_id
      join stores st on st.id = s.store_id
      join products pr on pr.id = s.product_id
      where p.magazine_id = ${magazineId}
      order by i.position, i.id
    `,
  )
  return pages.map((p) => ({
    id: p.id,
    title: p.title,
    layout: p.layout,
    items: items
      .filter((i) => Number(i.page_id) === p.id)
      .map((i) => ({
        id: Number(i.id),
        skuId: Number(i.sku_id),
        sku: i.sku,
        name: i.name,
        image: i.image,
        storeName: i.store_name,
        note: i.note,
        live: Boolean(i.live),
      })),
  }))
}

export async function addMagazinePage(
  db: Db,
  auth: AuthContext | null,
  input: { magazineId: number; title: string; layout: MagazineLayout },
): Promise<{ id: number }> {
  const actor = writeActor(auth)
  return db.transaction(async (tx) => {
    await lockMagazine(tx, actor, input.magazineId)
    const [count] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${magazinePages.position}), -1)::int`,
      })
      .from(magazinePages)
      .where(eq(magazinePages.magazineId, input.magazineId))
    if (Number(count!.n) >= MAX_PAGES) throw new HttpError(422, PAGES_FULL())
    const [page] = await tx
      .insert(magazinePages)
      .values({
        magazineId: input.magazineId,
        title: input.title,
        layout: input.layout,
        position: Number(count!.last) + 1,
      })
      .returning()
    await touchMagazine(tx, input.magazineId)
    await audit(tx, actor, 'magazine.page.add', input.magazineId, null, {
      page: page!.id,
      title: page!.title,
      layout: page!.layout,
    })
    return { id: page!.id }
  })
}

async function itemCount(tx: DbOrTx, pageId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(magazineItems)
    .where(eq(magazineItems.pageId, pageId))
  return Number(row!.n)
}

export async function updateMagazinePage(
  db: Db,
  auth: AuthContext | null,
  input: { magazinePageId: number; title: string; layout: MagazineLayout },
): Promise<void> {
  const actor = writeActor(auth)
  await db.transaction(async (tx) => {
    const before = await ownedPage(tx, actor, input.magazinePageId)
    await lockMagazine(tx, actor, before.magazineId)
    if ((await itemCount(tx, before.id)) > LAYOUT_CAPACITY[input.layout]) {
      const message =
        input.layout === 'hero'
          ? m.magazines_page_over_layout_hero()
          : m.magazines_page_over_layout({ count: formatNumber(LAYOUT_CAPACITY[input.layout]) })
      throw new HttpError(422, message, { layout: [message] })
    }
    await tx
      .update(magazinePages)
      .set({ title: input.title, layout: input.layout })
      .where(eq(magazinePages.id, before.id))
    await touchMagazine(tx, before.magazineId)
    await audit(
      tx,
      actor,
      'magazine.page.update',
      before.magazineId,
      { page: before.id, title: before.title, layout: before.layout },
      { page: before.id, title: input.title, layout: input.layout },
    )
  })
}

export async function deleteMagazinePage(db: Db, auth: AuthContext | null, pageId: number): Promise<void> {
  const actor = writeActor(auth)
  await db.transaction(async (tx) => {
    const before = await ownedPage(tx, actor, pageId)
    await lockMagazine(tx, actor, before.magazineId)
    const items = await tx
      .select({ skuId: magazineItems.skuId })
      .from(magazineItems)
      .where(eq(magazineItems.pageId, pageId))
    await tx.delete(magazinePages).where(eq(magazinePages.id, pageId))
    await touchMagazine(tx, before.magazineId)
    await audit(
      tx,
      actor,
      'magazine.page.delete',
      before.magazineId,
      { page: before.id, title: before.title, layout: before.layout, skus: items.map((i) => i.skuId) },
      null,
    )
  })
}

/**
 * Adds the seller's own live SKUs to a page, after what it holds, up to the layout's capacity.
 * A SKU of another seller, or a paused one, is a 422 and nothing is added.
 */
export async function addMagazineItems(
  db: Db,
  auth: AuthContext | null,
  input: { magazinePageId: number; skuIds: number[] },
): Promise<{ ids: number[] }> {
  const actor = writeActor(auth)
  return db.transaction(async (tx) => {
    const page = await ownedPage(tx, actor, input.magazinePageId)
    await lockMagazine(tx, actor, page.magazineId)
    const wanted = [...new Set(input.skuIds)]
    const found = await selectRows<{ id: number }>(
      tx,
      sql`select s.id from skus s join stores st on st.id = s.store_id join products pr on pr.id = s.product_id
        where s.id in (${sql.join(
          wanted.map((id) => sql`${id}`),
          sql`, `,
        )})
          and st.seller_id = ${actor.sellerId} and s.status = 'active' and st.status = 'active' and pr.status = 'active'`,
    )
    if (found.length !== wanted.length) throw new HttpError(422, SKU_NOT_YOURS(), { skuIds: [SKU_NOT_YOURS()] })
    const held = await tx
      .select({ position: magazineItems.position })
      .from(magazineItems)
      .where(eq(magazineItems.pageId, page.id))
    if (held.length + wanted.length > LAYOUT_CAPACITY[page.layout])
      throw new HttpError(422, PAGE_FULL(), { skuIds: [PAGE_FULL()] })
    const start = held.reduce((max, h) => Math.max(max, h.position), -1) + 1
    const rows = await tx
      .insert(magazineItems)
      .values(wanted.map((skuId, n) => ({ pageId: page.id, skuId, position: start + n })))
      .returning({ id: magazineItems.id })
    await touchMagazine(tx, page.magazineId)
    await audit(tx, actor, 'magazine.items.add', page.magazineId, null, { page: page.id, skus: wanted })
    return { ids: rows.map((r) => r.id) }
  })
}

export async function updateMagazineItem(
  db: Db,
  auth: AuthContext | null,
  input: { magazineItemId: number; note: string },
): Promise<void> {
  const actor = writeActor(auth)
  await db.transaction(async (tx) => {
    const { item, magazineId } = await ownedItem(tx, actor, input.magazineItemId)
    await lockMagazine(tx, actor, magazineId)
    if (item.note === input.note) return
    await tx.update(magazineItems).set({ note: input.note }).where(eq(magazineItems.id, item.id))
    await touchMagazine(tx, magazineId)
    await audit(
      tx,
      actor,
      'magazine.item.update',
      magazineId,
      { item: item.id, note: item.note },
      { item: item.id, note: input.note },
    )
  })
}

export async function deleteMagazineItem(db: Db, auth: AuthContext | null, itemId: number): Promise<void> {
  const actor = writeActor(auth)
  await db.transaction(async (tx) => {
    const { item, magazineId } = await ownedItem(tx, actor, itemId)
    await lockMagazine(tx, actor, magazineId)
    await tx.delete(magazineItems).where(eq(magazineItems.id, item.id))
    await touchMagazine(tx, magazineId)
    await audit(
      tx,
      actor,
      'magazine.item.remove',
      magazineId,
      { item: item.id, sku: item.skuId, page: item.pageId },
      null,
    )
  })
}

/**
 * The whole order at once (after a drag or a move button): pages in order, each with its items.
 * It must name exactly the magazine's pages and items (a stale tab gets 409 and reloads), and no
 * page may hold more than its layout shows.
 */
export async function arrangeMagazine(
  db: Db,
  auth: AuthContext | null,
  input: ArrangeMagazineInput,
): Promise<void> {
  const actor = writeActor(auth)
  await db.transaction(async (tx) => {
    await lockMagazine(tx, actor, input.magazineId)
    const pages = await tx.select().from(magazinePages).where(eq(magazinePages.magazineId, input.magazineId))
    const items = pages.length
      ? await tx
          .select()
          .from(magazineItems)
          .where(
            inArray(
              magazineItems.pageId,
              pages.map((p) => p.id),
            ),
          )
      : []
    const sentPages = input.pages.map((p) => p.page)
    const sentItems = input.pages.flatMap((p) => p.items)
    const same = (a: number[], b: number[]) =>
      a.length === b.length && [...a].sort().join() === [...b].sort().join()
    if (
      !same(
        sentPages,
        pages.map((p) => p.id),
      ) ||
      !same(
        sentItems,
        items.map((i) => i.id),
      )
    )
      throw new HttpError(409, m.magazines_changed_elsewhere())
    const layoutOf = new Map(pages.map((p) => [p.id, p.layout]))
    for (const page of input.pages)
      if (page.items.length > LAYOUT_CAPACITY[layoutOf.get(page.page)!]) throw new HttpError(422, PAGE_FULL())
    const before = pages
      .sort((a, b) => a.position - b.position)
      .map((p) => ({
        page: p.id,
        items: items
          .filter((i) => i.pageId === p.id)
          .sort((a, b) => a.position - b.position)
          .map((i) => i.id),
      }))
    for (const [position, page] of input.pages.entries()) {
      await tx.update(magazinePages).set({ position }).where(eq(magazinePages.id, page.page))
      for (const [itemPosition, itemId] of page.items.entries())
        await tx
          .update(magazineItems)
          .set({ pageId: page.page, position: itemPosition })
          .where(eq(magazineItems.id, itemId))
    }
    await touchMagazine(tx, input.magazineId)
    await audit(tx, actor, 'magazine.arrange', input.magazineId, { order: before }, { order: input.pages })
  })
}
