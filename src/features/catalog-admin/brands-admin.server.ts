import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { nameInLocale } from '~/lib/i18n'
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { constants } from '#app-config'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvent, recordAuditEvents } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { brands, products, sellers } from '~/server/db/schema'
import { conflict, fieldError, notFound } from '~/server/http/api-errors.server'
import { queueMessageToSellerOwner } from '~/server/providers/sms/outbox.server'
import {
  BRAND_NAME_TAKEN,
  BRAND_SLUG_TAKEN,
  slugFromName,
  type AdminBrand,
  type AdminBrandPage,
} from './catalog-admin.schemas'

/**
 * /admin/brands (issue #20): create, rename, merge, and decide the brands sellers requested
 * (issue #15). Each operation is one transaction with its audit event and the refresh of the
 * listings of every product it touched.
 */

const PER_PAGE = 25
type BrandRow = typeof brands.$inferSelect

const audited = (b: BrandRow) => ({ name: b.name, slug: b.slug, status: b.status })

export const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Unique violations of a brand's name or slug as the field they concern. */
function brandConflicts(error: unknown): never {
  if (isUniqueViolation(error, 'brands_name_key')) throw fieldError('name', BRAND_NAME_TAKEN())
  if (isUniqueViolation(error, 'brands_slug_key')) throw fieldError('slug', BRAND_SLUG_TAKEN())
  throw error
}

/** The name is checked before the insert so that it, not the slug made from it, is the field blamed. */
async function checkNameFree(tx: DbOrTx, name: string, exceptId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${name})`)
  if (taken && taken.id !== exceptId) throw fieldError('name', BRAND_NAME_TAKEN())
}

async function lockedBrand(tx: DbOrTx, brandId: number): Promise<BrandRow> {
  const [row] = await tx.select().from(brands).where(eq(brands.id, brandId)).for('update')
  if (!row) throw notFound(m.content_err_brand_not_found())
  return row
}

async function productIdsOfBrand(tx: DbOrTx, brandId: number): Promise<number[]> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.brandId, brandId))
  return rows.map((r) => r.id)
}

export async function listBrands(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: { q?: string; status?: BrandRow['status']; page: number },
): Promise<AdminBrandPage> {
  requireAdmin(auth)
  const conditions: SQL[] = []
  if (filters.status) conditions.push(eq(brands.status, filters.status))
  if (filters.q) conditions.push(ilike(brands.name, escapeLike(filters.q)))
  const where = conditions.length ? and(...conditions) : undefined
  const productCount = sql<number>`(select count(*)::int from ${products} where ${products.brandId} = ${brands.id})`
  const [rows, [total], [pending]] = await Promise.all([
    db
      .select({ brand: brands, products: productCount, sellerName: sellers.displayName })
      .from(brands)
      .leftJoin(sellers, eq(sellers.id, brands.requestedBySellerId))
      .where(where)
      // Requests first: they are what waits for the admin.
      .orderBy(desc(sql`${brands.status} = 'pending'`), asc(brands.name), asc(brands.id))
      .limit(PER_PAGE)
      .offset((filters.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(brands).where(where),
    db.select({ n: count() }).from(brands).where(eq(brands.status, 'pending')),
  ])
  return {
    items: rows.map((r): AdminBrand => ({
      id: r.brand.id,
      slug: r.brand.slug,
      name: r.brand.name,
      status: r.brand.status,
      products: Number(r.products),
      requestedBy:
        r.brand.requestedBySellerId !== null && r.sellerName !== null
          ? { sellerId: r.brand.requestedBySellerId, name: r.sellerName }
          : null,
      createdAt: r.brand.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    pending: pending?.n ?? 0,
    page: filters.page,
    perPage: PER_PAGE,
  }
}

/** Every brand, for the merge target chooser (a few thousand at most). */
export async function listAllBrands(db: DbOrTx, auth: AuthContext | null) {
  requireAdmin(auth)
  return db
    .select({ id: brands.id, name: brands.name, status: brands.status })
    .from(brands)
    .orderBy(asc(brands.name))
}

export async function createBrandByAdmin(
  db: Db,
  auth: AuthContext | null,
  input: { name: string; slug?: string },
): Promise<{ id: number }> {
  const admin = requireAdmin(auth)
  try {
    return await db.transaction(async (tx) => {
      await checkNameFree(tx, input.name, null)
      const slug = input.slug ?? slugFromName(input.name, `brand-${crypto.randomUUID().slice(0, 8)}`)
      const [row] = await tx.insert(brands).values({ name: input.name, slug, status: 'approved' }).returning()
      await recordAuditEvent(tx, {
        actorUserId: admin.user.id,
        action: 'brand.create',
        recordType: 'brand',
        recordId: row!.id,
        after: audited(row!),
      })
      return { id: row!.id }
    })
  } catch (error) {
    brandConflicts(error)
  }
}

export async function renameBrand(
  db: Db,
  auth: AuthContext | null,
  input: { brandId: number; name: string; slug: string },
): Promise<void> {
  const admin = requireAdmin(auth)
  try {
    await db.transaction(async (tx) => {
      const before = await lockedBrand(tx, input.brandId)
      await checkNameFree(tx, input.name, before.id)
      const [after] = await tx
        .update(brands)
        .set({ name: input.name, slug: input.slug })
        .where(eq(brands.id, before.id))
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: admin.user.id,
        action: 'brand.rename',
        recordType: 'brand',
        recordId: before.id,
        before: audited(before),
        after: audited(after!),
      })
      // Listing cards and the search document carry the brand's name.
      await refreshProductListings(tx, await productIdsOfBrand(tx, before.id))
    })
  } catch (error) {
    brandConflicts(error)
  }
}

/**
 * Merges brand A into brand B: A's products move to B and A is deleted, in one transaction, and
 * the moved products' listings are refreshed in it (a buyer never sees a product under a brand
 * that no longer exists). Merging a requested brand into an approved one also settles the request.
 */
export async function mergeBrands(
  db: Db,
  auth: AuthContext | null,
  input: { brandId: number; intoBrandId: number },
): Promise<{ moved: number }> {
  const admin = requireAdmin(auth)
  if (input.brandId === input.intoBrandId)
    throw fieldError('intoBrandId', m.content_err_merge_another_brand())
  return db.transaction(async (tx) => {
    // Locked in id order so two merges of the same pair cannot deadlock.
    const [first, second] = [input.brandId, input.intoBrandId].sort((a, b) => a - b)
    const locked = new Map([
      [first!, await lockedBrand(tx, first!)],
      [second!, await lockedBrand(tx, second!)],
    ])
    const from = locked.get(input.brandId)!
    const into = locked.get(input.intoBrandId)!
    const moved = await tx
      .update(products)
      .set({ brandId: into.id, updatedAt: now() })
      .where(eq(products.brandId, from.id))
      .returning({ id: products.id })
    await tx.delete(brands).where(eq(brands.id, from.id))
    const ids = moved.map((m) => m.id)
    await recordAuditEvents(tx, [
      {
        actorUserId: admin.user.id,
        action: 'brand.merge',
        recordType: 'brand',
        recordId: from.id,
        before: { ...audited(from), products: ids },
        after: { mergedInto: { id: into.id, name: into.name }, products: ids },
      },
      ...ids.map((id) => ({
        actorUserId: admin.user.id,
        action: 'product.brand_merge',
        recordType: 'product',
        recordId: id,
        before: { brandId: from.id },
        after: { brandId: into.id },
      })),
    ])
    await refreshProductListings(tx, ids)
    return { moved: ids.length }
  })
}

/** A requested brand becomes a normal brand: the products carrying it show it to buyers. */
export async function approveBrand(db: Db, auth: AuthContext | null, input: { brandId: number }) {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const before = await lockedBrand(tx, input.brandId)
    if (before.status !== 'pending') throw conflict(m.content_err_brand_not_pending())
    const [after] = await tx
      .update(brands)
      .set({ status: 'approved' })
      .where(eq(brands.id, before.id))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: before.requestedBySellerId,
      action: 'brand.approve',
      recordType: 'brand',
      recordId: before.id,
      before: audited(before),
      after: audited(after!),
    })
    await refreshProductListings(tx, await productIdsOfBrand(tx, before.id))
    if (before.requestedBySellerId !== null)
      await queueMessageToSellerOwner(tx, before.requestedBySellerId, () =>
        m.server_sms_brand_approved({ brand: constants.brand.name, name: nameInLocale(before) }),
      )
  })
}

/**
 * A requested brand is refused: its products move to "no brand" (each change audited with the
 * reason), the request is deleted, and the seller is told why.
 */
export async function rejectBrand(
  db: Db,
  auth: AuthContext | null,
  input: { brandId: number; reason: string },
): Promise<{ moved: number }> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    const before = await lockedBrand(tx, input.brandId)
    if (before.status !== 'pending') throw conflict(m.content_err_brand_not_pending())
    const moved = await tx
      .update(products)
      .set({ brandId: null, updatedAt: now() })
      .where(eq(products.brandId, before.id))
      .returning({ id: products.id, sellerId: products.createdBySellerId })
    await tx.delete(brands).where(eq(brands.id, before.id))
    await recordAuditEvents(tx, [
      {
        actorUserId: admin.user.id,
        sellerId: before.requestedBySellerId,
        action: 'brand.reject',
        recordType: 'brand',
        recordId: before.id,
        before: { ...audited(before), products: moved.map((m) => m.id) },
        after: null,
        reason: input.reason,
      },
      ...moved.map((m) => ({
        actorUserId: admin.user.id,
        sellerId: m.sellerId,
        action: 'product.brand_reject',
        recordType: 'product',
        recordId: m.id,
        before: { brandId: before.id, brandName: before.name },
        after: { brandId: null },
        reason: input.reason,
      })),
    ])
    await refreshProductListings(
      tx,
      moved.map((m) => m.id),
    )
    if (before.requestedBySellerId !== null)
      await queueMessageToSellerOwner(tx, before.requestedBySellerId, () =>
        m.server_sms_brand_rejected({
          brand: constants.brand.name,
          name: nameInLocale(before),
          reason: input.reason,
        }),
      )
    return { moved: moved.length }
  })
}
