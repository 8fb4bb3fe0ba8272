import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { nameInLocale } from '~/lib/i18n'
import { constants } from '#app-config'
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/index.server'
import { productReviewStates, type ProductReviewState } from '~/lib/domain-enums'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import {
  auditEvents,
  brands,
  categories,
  productListings,
  productPhotos,
  products,
  sellers,
} from '~/server/db/schema'
import { conflict, fieldError, HttpError, notFound } from '~/server/http/api-errors.server'
import { queueMessageToSellerOwner } from '~/server/providers/sms/outbox.server'
import { escapeLike } from './brands-admin.server'
import {
  ADMIN_EDIT_NOTHING_CHANGED,
  type AdminEditProductInput,
  type AdminProductDetail,
  type ReviewProductInput,
  type ReviewQueueItem,
  type ReviewQueuePage,
} from './catalog-admin.schemas'

/**
 * /admin/products: the review queue of seller products (DOMAIN.md "Product ownership"). Products
 * go live when a seller creates or edits them and wait here as `pending`; the admin approves them,
 * hides them with a reason (off the listings at once; the seller sees the reason), unhides them,
 * or edits them. Every decision is audited with before and after in the same transaction.
 */

const PER_PAGE = 20

const firstPhoto = sql<
  string | null
>`(select ${productPhotos.url} from ${productPhotos} where ${productPhotos.productId} = ${products.id} order by ${productPhotos.position}, ${productPhotos.id} limit 1)`
const isListed = sql<boolean>`exists (select 1 from ${productListings} where ${productListings.productId} = ${products.id})`

export async function listReviewQueue(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: { state?: ProductReviewState; q?: string; page: number },
): Promise<ReviewQueuePage> {
  requireAdmin(auth)
  // Seller products only: the platform's own catalogue (seeded, imported) is not reviewed here.
  const conditions: SQL[] = [sql`${products.createdBySellerId} is not null`]
  if (filters.state) conditions.push(eq(products.reviewState, filters.state))
  if (filters.q) conditions.push(ilike(products.name, escapeLike(filters.q)))
  const where = and(...conditions)
  const [rows, [total], stateCounts] = await Promise.all([
    db
      .select({
        product: products,
        image: firstPhoto,
        listed: isListed,
        brandName: brands.name,
        brandStatus: brands.status,
        categoryName: categories.name,
        sellerName: sellers.displayName,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(sellers, eq(sellers.id, products.createdBySellerId))
      .where(where)
      // Pending first, oldest submission first: a queue is worked from its front.
      .orderBy(desc(sql`${products.reviewState} = 'pending'`), asc(products.submittedAt), asc(products.id))
      .limit(PER_PAGE)
      .offset((filters.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(products).where(where),
    db
      .select({ state: products.reviewState, n: count() })
      .from(products)
      .where(sql`${products.createdBySellerId} is not null`)
      .groupBy(products.reviewState),
  ])
  const counts = Object.fromEntries(productReviewStates.map((s) => [s, 0])) as Record<
    ProductReviewState,
    number
  >
  for (const row of stateCounts) counts[row.state] = row.n
  return {
    items: rows.map((r): ReviewQueueItem => ({
      id: r.product.id,
      slug: r.product.slug,
      name: r.product.name,
      image: r.image,
      brandName: r.brandName,
      brandPending: r.brandStatus === 'pending',
      categoryName: r.categoryName,
      seller:
        r.product.createdBySellerId !== null && r.sellerName !== null
          ? { id: r.product.createdBySellerId, name: r.sellerName }
          : null,
      state: r.product.reviewState,
      reason: r.product.reviewReason,
      submittedAt: r.product.submittedAt?.toISOString() ?? null,
      reviewedAt: r.product.reviewedAt?.toISOString() ?? null,
      listed: Boolean(r.listed),
    })),
    total: total?.n ?? 0,
    counts,
    page: filters.page,
    perPage: PER_PAGE,
  }
}

const auditedReview = (p: typeof products.$inferSelect) => ({
  reviewState: p.reviewState,
  reviewReason: p.reviewReason,
})

/** Approve, hide with a reason, or unhide; the product's listing follows in the same transaction. */
export async function reviewProduct(db: Db, auth: AuthContext | null, input: ReviewProductInput) {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, input.productId)).for('update')
    if (!before) throw notFound(m.content_err_product_not_found())
    if (input.decision === 'unhide' && before.reviewState !== 'hidden')
      throw conflict(m.content_err_product_not_hidden())
    if (input.decision === 'hide' && before.reviewState === 'hidden')
      throw conflict(m.content_err_product_already_hidden())
    const next =
      input.decision === 'hide'
        ? { reviewState: 'hidden' as const, reviewReason: input.reason }
        : { reviewState: 'approved' as const, reviewReason: null }
    const [after] = await tx
      .update(products)
      .set({ ...next, reviewedAt: now() })
      .where(eq(products.id, before.id))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: before.createdBySellerId,
      action: `product.${input.decision}`,
      recordType: 'product',
      recordId: before.id,
      before: auditedReview(before),
      after: auditedReview(after!),
      reason: input.decision === 'hide' ? input.reason : null,
    })
    await refreshProductListings(tx, [before.id])
  })
}

export async function adminProductDetail(
  db: DbOrTx,
  auth: AuthContext | null,
  productId: number,
): Promise<AdminProductDetail> {
  requireAdmin(auth)
  const [row] = await db
    .select({ product: products, sellerName: sellers.displayName })
    .from(products)
    .leftJoin(sellers, eq(sellers.id, products.createdBySellerId))
    .where(eq(products.id, productId))
  if (!row) throw notFound(m.content_err_product_not_found())
  const [categoryRows, brandRows, photoRows, [listing], edits] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ id: brands.id, name: brands.name, status: brands.status })
      .from(brands)
      .orderBy(asc(brands.name)),
    db
      .select({ url: productPhotos.url, alt: productPhotos.alt })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id)),
    db
      .select({ id: productListings.productId })
      .from(productListings)
      .where(eq(productListings.productId, productId)),
    db
      .select({ at: auditEvents.createdAt, reason: auditEvents.reason, changes: auditEvents.changes })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.recordType, 'product'),
          eq(auditEvents.recordId, String(productId)),
          eq(auditEvents.action, 'product.admin_update'),
        ),
      )
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(20),
  ])
  const p = row.product
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    unit: p.unit,
    unitFa: p.unitFa,
    description: p.description,
    categoryId: p.categoryId,
    brandId: p.brandId,
    state: p.reviewState,
    reason: p.reviewReason,
    seller:
      p.createdBySellerId !== null && row.sellerName !== null
        ? { id: p.createdBySellerId, name: row.sellerName }
        : null,
    listed: Boolean(listing),
    photos: photoRows,
    history: edits.map((e) => ({
      at: e.at.toISOString(),
      reason: e.reason,
      fields: Object.keys(e.changes ?? {}),
    })),
    categories: categoryRows,
    brands: brandRows,
  }
}

const editedFields = (p: typeof products.$inferSelect) => ({
  name: p.name,
  unit: p.unit,
  unitFa: p.unitFa,
  description: p.description,
  categoryId: p.categoryId,
  brandId: p.brandId,
})

/**
 * The admin corrects a product (DOMAIN.md: the admin can edit any product) with a required reason:
 * audited with before and after, relisted, and the seller who maintains it is told by SMS why,
 * all in one transaction. An edit that changes nothing is refused (nobody is told about nothing).
 */
export async function adminEditProduct(db: Db, auth: AuthContext | null, input: AdminEditProductInput) {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, input.productId)).for('update')
    if (!before) throw notFound(m.content_err_product_not_found())
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.categoryId))
    if (!category) throw fieldError('categoryId', m.content_err_choose_category_from_list())
    if (input.brandId !== null) {
      const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId))
      if (!brand) throw fieldError('brandId', m.content_err_choose_brand_from_list())
    }
    const next = {
      name: input.name,
      unit: input.unit,
      unitFa: input.unitFa === undefined ? before.unitFa : input.unitFa || null,
      description: input.description,
      categoryId: input.categoryId,
      brandId: input.brandId,
    }
    const current = editedFields(before)
    if ((Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === current[k]))
      throw new HttpError(422, ADMIN_EDIT_NOTHING_CHANGED())
    const [after] = await tx
      .update(products)
      .set({ ...next, updatedAt: now() })
      .where(eq(products.id, before.id))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: before.createdBySellerId,
      action: 'product.admin_update',
      recordType: 'product',
      recordId: before.id,
      before: current,
      after: editedFields(after!),
      reason: input.reason,
    })
    await refreshProductListings(tx, [before.id])
    if (before.createdBySellerId !== null)
      await queueMessageToSellerOwner(tx, before.createdBySellerId, () =>
        m.server_sms_product_edited({
          brand: constants.brand.name,
          product: nameInLocale(after!),
          reason: input.reason,
        }),
      )
  })
}
