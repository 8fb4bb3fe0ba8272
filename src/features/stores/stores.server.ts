import '@tanstack/react-start/server-only'
import { and, desc, eq, sql } from 'drizzle-orm'
import { refreshListingsOfStores, refreshProductListings } from '~/features/catalog/index.server'
import { assertPlanAllows } from '~/features/plans/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller, type SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { auditEvents, skus, stores } from '~/server/db/schema'
import { HttpError, fieldError, notFound } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { enforceUploadQuota } from '~/server/rate-limit/upload-quota.server'
import {
  LOGO_IMAGES,
  preparePhotos,
  removePhotos,
  storePhotos,
  storedImageKeys,
  type StoredPhoto,
} from '~/server/images/photos.server'
import {
  SLUG_LOCKED,
  SLUG_TAKEN,
  STORE_HAS_OPEN_ORDERS,
  type StoreDetail,
  type StoreFields,
  type StoreSummary,
} from './stores.schemas'
import { m } from '~/lib/messages'
import { cityInLocale } from '~/lib/iran-cities'

/**
 * The seller's stores (issue #15). Reads are open to the owner and observers of an approved seller;
 * writes to the owner only (observers get 403). Another seller's store answers 404. Every write
 * records an audit event and refreshes the store's listings in its transaction.
 */

type StoreRow = typeof stores.$inferSelect

const OPEN_ORDER_STATUSES = sql.raw(`('pending_payment', 'paid', 'accepted', 'shipped', 'delivered')`)

/** The fields an audit event keeps of a store. */
const auditedStore = (s: StoreRow) => ({
  name: s.name,
  nameFa: s.nameFa,
  slug: s.slug,
  description: s.description,
  city: s.city,
  pickupAddress: s.pickupAddress,
  pickupHours: s.pickupHours,
  logo: s.logo,
  status: s.status,
})

export const readActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })
export const writeActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: false })

/** The store when the actor's seller owns it; 404 otherwise (another seller's id looks absent). */
export async function ownedStore(db: DbOrTx, actor: SellerActor, storeId: number): Promise<StoreRow> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.sellerId, actor.sellerId)))
    .limit(1)
  if (!row) throw notFound(m.server_error_store_not_found())
  return row
}

const slugConflict = () => new HttpError(409, SLUG_TAKEN(), { slug: [SLUG_TAKEN()] })

export async function listStores(db: Db, auth: AuthContext | null): Promise<StoreSummary[]> {
  const actor = readActor(auth)
  const rows = await selectRows<StoreSummary>(
    db,
    sql`
      select st.id, st.name, st.name_fa as "nameFa", st.slug, st.city, st.status, st.logo,
        count(s.id)::int as "skuCount",
        count(s.id) filter (where s.status = 'active' and st.status = 'active'
          and exists (select 1 from prices p where p.sku_id = s.id and p.valid_from <= now()
            and (p.valid_to is null or p.valid_to > now())))::int as "liveOffers",
        count(s.id) filter (where not s.always_available and s.remaining_quantity = 0)::int as "outOfStock"
      from stores st left join skus s on s.store_id = st.id
      where st.seller_id = ${actor.sellerId}
      group by st.id order by st.created_at, st.id
    `,
  )
  // The list shows the city as the seller reads it; the store's form (`getStore`) keeps the stored one.
  return rows.map((row) => ({ ...row, city: cityInLocale(row.city) }))
}

export async function getStore(db: Db, auth: AuthContext | null, storeId: number): Promise<StoreDetail> {
  const actor = readActor(auth)
  const store = await ownedStore(db, actor, storeId)
  const summary = (await listStores(db, auth)).find((s) => s.id === store.id)!
  const [orders] = await selectRows<{ month: number; total: number }>(
    db,
    sql`select count(*) filter (where created_at >= date_trunc('month', now() at time zone 'Asia/Tehran') at time zone 'Asia/Tehran')::int as month,
          count(*)::int as total
        from orders o where exists (select 1 from order_lines ol where ol.order_id = o.id and ol.store_id = ${store.id})`,
  )
  const history = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.sellerId, actor.sellerId),
        eq(auditEvents.recordType, 'store'),
        eq(auditEvents.recordId, String(store.id)),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(50)
  return {
    ...summary,
    description: store.description,
    pickupAddress: store.pickupAddress,
    pickupHours: store.pickupHours,
    ordersThisMonth: orders?.month ?? 0,
    hasOrders: (orders?.total ?? 0) > 0,
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      at: h.createdAt.toISOString(),
      changes: h.changes as StoreDetail['history'][number]['changes'],
      actorUserId: h.actorUserId,
    })),
  }
}

/**
 * A new logo, checked by its bytes and re-encoded like a product photo (422 on `logo`), then
 * written before the store's transaction (the caller removes it again if that fails). Nothing is
 * written unless `authorise` passed.
 */
async function writeLogo(
  db: Db,
  actor: SellerActor,
  uploads: readonly UploadedFile[],
  storage: MediaStorage | undefined,
  authorise: () => Promise<unknown>,
): Promise<StoredPhoto | null> {
  const [prepared] = await preparePhotos(uploads, LOGO_IMAGES)
  if (!prepared) return null
  if (!storage) throw new Error('a store logo needs a media storage')
  await authorise()
  await enforceUploadQuota(db, actor.auth.user.id, uploads)
  const [stored] = await storePhotos(storage, [prepared], LOGO_IMAGES)
  return stored ?? null
}

/** Removes a replaced or cleared logo's files once the change committed (best effort). */
async function removeOldLogo(storage: MediaStorage | undefined, url: string | null): Promise<void> {
  if (!storage) return
  const keys = storedImageKeys(storage, url, LOGO_IMAGES)
  if (keys.length) await removePhotos(storage, [{ url: url!, alt: '', keys }])
}

export async function createStore(
  db: Db,
  auth: AuthContext | null,
  input: StoreFields,
  logoUploads: readonly UploadedFile[] = [],
  storage?: MediaStorage,
): Promise<{ id: number; slug: string }> {
  const actor = writeActor(auth)
  const logo = await writeLogo(db, actor, logoUploads, storage, async () => undefined)
  try {
    return await db.transaction(async (tx) => {
      await assertPlanAllows(tx, actor.sellerId, 'stores')
      const [row] = await tx
        .insert(stores)
        .values({ sellerId: actor.sellerId, ...input, nameFa: input.nameFa || null, logo: logo?.url ?? null })
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'store.create',
        recordType: 'store',
        recordId: row!.id,
        after: auditedStore(row!),
      })
      return { id: row!.id, slug: row!.slug }
    })
  } catch (error) {
    if (logo && storage) await removePhotos(storage, [logo])
    if (isUniqueViolation(error, 'stores_slug_key')) throw slugConflict()
    throw error
  }
}

async function storeHasOrders(tx: DbOrTx, storeId: number, onlyOpen: boolean): Promise<boolean> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    onlyOpen
      ? sql`select count(*)::int as n from orders o where o.status in ${OPEN_ORDER_STATUSES}
          and exists (select 1 from order_lines ol where ol.order_id = o.id and ol.store_id = ${storeId})`
      : sql`select count(*)::int as n from order_lines where store_id = ${storeId}`,
  )
  return (row?.n ?? 0) > 0
}

export async function updateStore(
  db: Db,
  auth: AuthContext | null,
  input: StoreFields & { storeId: number; removeLogo?: boolean },
  logoUploads: readonly UploadedFile[] = [],
  storage?: MediaStorage,
): Promise<{ id: number; slug: string }> {
  const actor = writeActor(auth)
  const { storeId, removeLogo = false, ...fields } = input
  const logo = await writeLogo(db, actor, logoUploads, storage, () => ownedStore(db, actor, storeId))
  let replaced: string | null = null
  try {
    const saved = await db.transaction(async (tx) => {
      const before = await ownedStore(tx, actor, storeId)
      if (fields.slug !== before.slug && (await storeHasOrders(tx, storeId, false)))
        throw fieldError('slug', SLUG_LOCKED())
      const nextLogo = logo ? logo.url : removeLogo ? null : before.logo
      const [after] = await tx
        .update(stores)
        .set({
          ...fields,
          nameFa: fields.nameFa === undefined ? before.nameFa : fields.nameFa || null,
          logo: nextLogo,
          updatedAt: new Date(),
        })
        .where(eq(stores.id, storeId))
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'store.update',
        recordType: 'store',
        recordId: storeId,
        before: auditedStore(before),
        after: auditedStore(after!),
      })
      if (before.status !== after!.status || before.name !== after!.name)
        await refreshListingsOfStores(tx, [storeId])
      if (before.logo !== after!.logo) replaced = before.logo
      return { id: storeId, slug: after!.slug }
    })
    await removeOldLogo(storage, replaced)
    return saved
  } catch (error) {
    if (logo && storage) await removePhotos(storage, [logo])
    if (isUniqueViolation(error, 'stores_slug_key')) throw slugConflict()
    throw error
  }
}

/** Pause (inactive) or activate a store: its offers leave or rejoin the listings at once. */
export async function setStoreStatus(
  db: Db,
  auth: AuthContext | null,
  input: { storeId: number; status: StoreRow['status'] },
): Promise<void> {
  const actor = writeActor(auth)
  await db.transaction(async (tx) => {
    const before = await ownedStore(tx, actor, input.storeId)
    if (before.status === input.status) return
    const [after] = await tx
      .update(stores)
      .set({ status: input.status, updatedAt: new Date() })
      .where(eq(stores.id, input.storeId))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: input.status === 'active' ? 'store.activate' : 'store.pause',
      recordType: 'store',
      recordId: input.storeId,
      before: { status: before.status },
      after: { status: after!.status },
    })
    await refreshListingsOfStores(tx, [input.storeId])
  })
}

/** Deletes a store with its SKUs and tiers; refused (409) while it has open orders. */
/** Deletes a store without open orders, its SKUs with it; its logo's files go once it committed. */
export async function deleteStore(
  db: Db,
  auth: AuthContext | null,
  storeId: number,
  storage?: MediaStorage,
): Promise<void> {
  const actor = writeActor(auth)
  const logo = await db.transaction(async (tx) => {
    const before = await ownedStore(tx, actor, storeId)
    // Locks the store row so that no order for it is placed between the check and the delete.
    await tx.execute(sql`select id from stores where id = ${storeId} for update`)
    if (await storeHasOrders(tx, storeId, true)) throw new HttpError(409, STORE_HAS_OPEN_ORDERS())
    const offered = await tx.select({ productId: skus.productId }).from(skus).where(eq(skus.storeId, storeId))
    await tx.delete(skus).where(eq(skus.storeId, storeId))
    await tx.delete(stores).where(eq(stores.id, storeId))
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'store.delete',
      recordType: 'store',
      recordId: storeId,
      before: auditedStore(before),
    })
    await refreshProductListings(
      tx,
      offered.map((o) => o.productId),
    )
    return before.logo
  })
  await removeOldLogo(storage, logo)
}
