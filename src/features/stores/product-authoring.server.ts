import '@tanstack/react-start/server-only'
import { and, asc, eq, sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import type { SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { brandUsableBy, brandsUsableBy, requestBrand } from '~/features/catalog-admin/index.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import {
  categories,
  productAttributes,
  productPhotos,
  products,
  sellers,
  skus,
  stores,
} from '~/server/db/schema'
import { HttpError, fieldError, notFound } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import { enforceUploadQuota } from '~/server/rate-limit/upload-quota.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { preparePhotos, removePhotos, storePhotos, type StoredPhoto } from '~/server/images/photos.server'
import { checkFirstTiers } from './store-rules.server'
import { insertSku, skuConflicts } from './store-products.server'
import { ownedStore, readActor, writeActor } from './stores.server'
import {
  CATEGORY_NOT_LEAF,
  suggestSlug,
  type ProductFields,
  type ProductFormChoices,
  type SkuEditView,
  type SkuFields,
} from './stores.schemas'
import { m } from '~/lib/messages'

/**
 * The products sellers author in the shared catalogue (issue #15, DOMAIN.md "Product ownership"):
 * the seller who created a product maintains it; others offering it change only their SKU. Every
 * write is one transaction with its audit event and the refresh of the product's listing.
 */

type ProductRow = typeof products.$inferSelect

const auditedProduct = (p: ProductRow, attributes: ProductFields['attributes']) => ({
  name: p.name,
  slug: p.slug,
  categoryId: p.categoryId,
  brandId: p.brandId,
  unit: p.unit,
  unitFa: p.unitFa,
  description: p.description,
  status: p.status,
  attributes,
})

async function checkProductRefs(
  tx: DbOrTx,
  actor: SellerActor,
  fields: ProductFields,
  prefix: string,
  /** The product's category before an edit: kept even if the admin has since added subcategories. */
  currentCategoryId: number | null = null,
): Promise<void> {
  const [category] = await tx
    .select({
      id: categories.id,
      hasChildren: sql<boolean>`exists (select 1 from categories c where c.parent_id = ${fields.categoryId})`,
    })
    .from(categories)
    .where(eq(categories.id, fields.categoryId))
  if (!category) throw fieldError(`${prefix}categoryId`, m.seller_choose_category_from_list())
  // Products sit on the most specific category (category-tree.ts), as the chooser offers them.
  if (category.hasChildren && category.id !== currentCategoryId)
    throw fieldError(`${prefix}categoryId`, CATEGORY_NOT_LEAF())
  // Another seller's brand request is not in this seller's list: it answers like an unknown id.
  if (fields.brandId !== null && !(await brandUsableBy(tx, fields.brandId, actor.sellerId)))
    throw fieldError(`${prefix}brandId`, m.seller_choose_brand_from_list())
}

/** The product's brand: the chosen one, or the one requested by name (issue #15), or none. */
async function resolveBrand(
  tx: DbOrTx,
  actor: SellerActor,
  fields: ProductFields,
  prefix: string,
): Promise<number | null> {
  if (fields.brandId !== null || !fields.newBrandName) return fields.brandId
  return requestBrand(
    tx,
    { sellerId: actor.sellerId, userId: actor.auth.user.id },
    fields.newBrandName,
    `${prefix}newBrandName`,
  )
}

/** Two requests for the same new brand at once: the loser is told on the field, not with a 500. */
function brandRequestConflicts(error: unknown, prefix: string): void {
  if (isUniqueViolation(error, 'brands_name_key'))
    throw fieldError(`${prefix}newBrandName`, m.seller_brand_requested_moment_ago())
}

async function writeAttributes(tx: DbOrTx, productId: number, attributes: ProductFields['attributes']) {
  await tx.delete(productAttributes).where(eq(productAttributes.productId, productId))
  if (attributes.length)
    await tx
      .insert(productAttributes)
      .values(attributes.map((a, position) => ({ productId, key: a.key, value: a.value, position })))
}

/**
 * Photos are checked and rendered first (a 422 writes nothing), the store and references are
 * checked before any file is written (a doomed request leaves no files), then the files are
 * written and the transaction runs; if it fails, the files are removed again.
 */
async function storeCheckedPhotos(
  db: Db,
  actor: SellerActor,
  input: { storeId: number; product: ProductFields },
  uploads: readonly UploadedFile[],
  storage: MediaStorage | undefined,
): Promise<StoredPhoto[]> {
  const prepared = await preparePhotos(uploads)
  if (prepared.length === 0) return []
  if (!storage) throw new Error('createProductWithSku: photos need a media storage')
  await ownedStore(db, actor, input.storeId)
  await checkProductRefs(db, actor, input.product, 'product.')
  await enforceUploadQuota(db, actor.auth.user.id, uploads)
  return storePhotos(storage, prepared)
}

/** Creates a product in the shared catalogue, maintained by this seller, with this store's SKU. */
export async function createProductWithSku(
  db: Db,
  auth: AuthContext | null,
  input: SkuFields & { storeId: number; product: ProductFields },
  uploads: readonly UploadedFile[] = [],
  storage?: MediaStorage,
): Promise<{ productId: number; skuId: number; sku: string }> {
  const actor = writeActor(auth)
  checkFirstTiers(input.tiers)
  const { storeId, product: fields, ...skuFields } = input
  const photos = await storeCheckedPhotos(db, actor, input, uploads, storage)
  try {
    return await db.transaction(async (tx) => {
      await ownedStore(tx, actor, storeId)
      await checkProductRefs(tx, actor, fields, 'product.')
      const brandId = await resolveBrand(tx, actor, fields, 'product.')
      const base = suggestSlug(fields.name) || 'product'
      const [row] = await tx
        .insert(products)
        .values({
          slug: `${base}-${crypto.randomUUID().slice(0, 8)}`,
          name: fields.name,
          categoryId: fields.categoryId,
          brandId,
          unit: fields.unit,
          unitFa: fields.unitFa || null,
          description: fields.description,
          createdBySellerId: actor.sellerId,
          // Live at once, and in the admin's review queue (DOMAIN.md "Product ownership").
          reviewState: 'pending',
          submittedAt: now(),
        })
        .returning()
      const product = row!
      await writeAttributes(tx, product.id, fields.attributes)
      if (photos.length)
        await tx
          .insert(productPhotos)
          .values(photos.map((p, position) => ({ productId: product.id, url: p.url, alt: p.alt, position })))
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'product.create',
        recordType: 'product',
        recordId: product.id,
        after: { ...auditedProduct(product, fields.attributes), photos: photos.map((p) => p.url) },
      })
      const sku = await insertSku(tx, actor, storeId, product.id, skuFields)
      await refreshProductListings(tx, [product.id])
      return { productId: product.id, skuId: sku.id, sku: sku.sku }
    })
  } catch (error) {
    if (storage) await removePhotos(storage, photos)
    brandRequestConflicts(error, 'product.')
    skuConflicts(error)
  }
}

/** Edits a product this seller created; any other product answers 403 (it is read-only to them). */
export async function updateProduct(
  db: Db,
  auth: AuthContext | null,
  input: ProductFields & { productId: number },
): Promise<void> {
  const actor = writeActor(auth)
  const { productId, ...fields } = input
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, productId))
      if (!before) throw notFound(m.server_error_product_not_found())
      if (before.createdBySellerId !== actor.sellerId) {
        // Offering it is not maintaining it; someone with no offer of it should not learn it exists here.
        const [offer] = await tx
          .select({ id: skus.id })
          .from(skus)
          .innerJoin(stores, eq(stores.id, skus.storeId))
          .where(and(eq(skus.productId, productId), eq(stores.sellerId, actor.sellerId)))
        if (!offer) throw notFound(m.server_error_product_not_found())
        throw new HttpError(403, m.server_error_product_not_yours())
      }
      await checkProductRefs(tx, actor, fields, '', before.categoryId)
      const brandId = await resolveBrand(tx, actor, fields, '')
      const beforeAttributes = await tx
        .select({ key: productAttributes.key, value: productAttributes.value })
        .from(productAttributes)
        .where(eq(productAttributes.productId, productId))
        .orderBy(asc(productAttributes.position))
      const [after] = await tx
        .update(products)
        .set({
          name: fields.name,
          categoryId: fields.categoryId,
          brandId,
          unit: fields.unit,
          unitFa: fields.unitFa === undefined ? before.unitFa : fields.unitFa || null,
          description: fields.description,
          updatedAt: now(),
          // An edit enters the review queue again; a hidden product stays hidden until the admin
          // looks at the edit (it is queued with its new submission time).
          reviewState: before.reviewState === 'hidden' ? 'hidden' : 'pending',
          submittedAt: now(),
        })
        .where(eq(products.id, productId))
        .returning()
      await writeAttributes(tx, productId, fields.attributes)
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'product.update',
        recordType: 'product',
        recordId: productId,
        before: auditedProduct(before, beforeAttributes),
        after: auditedProduct(after!, fields.attributes),
      })
      await refreshProductListings(tx, [productId])
    })
  } catch (error) {
    brandRequestConflicts(error, '')
    throw error
  }
}

/** The choices of the product form: the category tree (any depth) and the brands. */
export async function productFormChoices(db: Db, auth: AuthContext | null): Promise<ProductFormChoices> {
  const actor = readActor(auth)
  const [categoryRows, brandRows] = [
    await db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    await brandsUsableBy(db, actor.sellerId),
  ]
  return { categories: categoryRows, brands: brandRows }
}

/**
 * An SKU of the actor's stores by its code, with its product, for /seller/inventory/product/{sku}/edit.
 * Another seller's code answers 404. Observers read it; only the owner may edit, and the product
 * only when this seller created it.
 */
export async function skuForEdit(db: Db, auth: AuthContext | null, code: string): Promise<SkuEditView> {
  const actor = readActor(auth)
  const [row] = await db
    .select({
      sku: skus,
      storeName: stores.name,
      storeNameFa: stores.nameFa,
      product: products,
      maintainer: sellers.displayName,
    })
    .from(skus)
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(sellers, eq(sellers.id, products.createdBySellerId))
    .where(and(eq(skus.sku, code), eq(stores.sellerId, actor.sellerId)))
  if (!row) throw notFound(m.server_error_sku_not_found())
  const { sku, product } = row
  const [attributes, photos] = [
    await db
      .select({ key: productAttributes.key, value: productAttributes.value })
      .from(productAttributes)
      .where(eq(productAttributes.productId, product.id))
      .orderBy(asc(productAttributes.position)),
    await db
      .select({ url: productPhotos.url, alt: productPhotos.alt })
      .from(productPhotos)
      .where(eq(productPhotos.productId, product.id))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id)),
  ]
  const ownProduct = product.createdBySellerId === actor.sellerId
  return {
    sku: {
      id: sku.id,
      sku: sku.sku,
      storeId: sku.storeId,
      storeName: textInLocale(row.storeName, row.storeNameFa),
      piecesPerPack: sku.piecesPerPack,
      alwaysAvailable: sku.alwaysAvailable,
      stock: sku.remainingQuantity,
      status: sku.status,
    },
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      categoryId: product.categoryId,
      brandId: product.brandId,
      unit: product.unit,
      unitFa: product.unitFa,
      description: product.description,
      attributes,
      photos,
      review: {
        state: product.reviewState,
        // The reason is for the seller who maintains the product.
        reason: ownProduct ? product.reviewReason : null,
      },
    },
    canEditSku: actor.role === 'owner',
    canEditProduct: actor.role === 'owner' && ownProduct,
    maintainedBy: ownProduct
      ? 'this-seller'
      : product.createdBySellerId === null
        ? 'platform'
        : 'another-seller',
    maintainerName: ownProduct ? null : (row.maintainer ?? null),
  }
}
