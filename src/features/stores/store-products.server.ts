import '@tanstack/react-start/server-only'
import { and, asc, eq } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import type { SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx, Tx } from '~/server/db/client.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { brands, categories, prices, productAttributes, products, skus, stores } from '~/server/db/schema'
import { HttpError, fieldError, notFound } from '~/server/http/api-errors.server'
import { checkFirstTiers, recordOpeningStock } from './store-rules.server'
import { ownedStore, writeActor } from './stores.server'
import { ALREADY_OFFERED, SKU_TAKEN, suggestSlug, type ProductFields, type SkuFields } from './stores.schemas'

/**
 * A store's offers (SKUs) and the products sellers author (issue #15). Owner only; every write is
 * one transaction with its audit event and the refresh of the product's listing.
 */

type SkuRow = typeof skus.$inferSelect
type ProductRow = typeof products.$inferSelect

const auditedSku = (s: SkuRow) => ({
  sku: s.sku,
  storeId: s.storeId,
  productId: s.productId,
  piecesPerPack: s.piecesPerPack,
  alwaysAvailable: s.alwaysAvailable,
  status: s.status,
})
const auditedProduct = (p: ProductRow, attributes: ProductFields['attributes']) => ({
  name: p.name,
  slug: p.slug,
  categoryId: p.categoryId,
  brandId: p.brandId,
  unit: p.unit,
  description: p.description,
  status: p.status,
  attributes,
})

function skuConflicts(error: unknown): never {
  if (isUniqueViolation(error, 'skus_sku_key')) throw new HttpError(409, SKU_TAKEN, { sku: [SKU_TAKEN] })
  if (isUniqueViolation(error, 'skus_store_product_key'))
    throw new HttpError(409, ALREADY_OFFERED, { productId: [ALREADY_OFFERED] })
  throw error
}

/** A generated SKU code: the store id and a random part, e.g. `S12-7K3QX9`. */
function generateSkuCode(storeId: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  let part = ''
  for (const byte of crypto.getRandomValues(new Uint8Array(6))) part += alphabet[byte % alphabet.length]
  return `S${storeId}-${part}`
}

/** Inserts the SKU with its opening stock and first tiers (valid from now, open-ended). */
async function insertSku(
  tx: Tx,
  actor: SellerActor,
  storeId: number,
  productId: number,
  fields: SkuFields,
): Promise<SkuRow> {
  const [row] = await tx
    .insert(skus)
    .values({
      sku: fields.sku || generateSkuCode(storeId),
      storeId,
      productId,
      piecesPerPack: fields.piecesPerPack,
      alwaysAvailable: fields.alwaysAvailable,
    })
    .returning()
  const sku = row!
  if (fields.stock > 0) await recordOpeningStock(tx, sku.id, fields.stock, actor.auth.user.id)
  await tx.insert(prices).values(
    fields.tiers.map((t) => ({
      skuId: sku.id,
      unitPrice: t.unitPrice,
      offerPrice: t.offerPrice,
      minQuantity: t.minQuantity,
      pricePerPiece: Math.round((t.offerPrice > 0 ? t.offerPrice : t.unitPrice) / fields.piecesPerPack),
      validFrom: now(),
    })),
  )
  await recordAuditEvent(tx, {
    actorUserId: actor.auth.user.id,
    sellerId: actor.sellerId,
    action: 'sku.create',
    recordType: 'sku',
    recordId: sku.id,
    after: { ...auditedSku(sku), stock: fields.stock, tiers: fields.tiers },
  })
  return sku
}

/** Offers a product of the shared catalogue from one of the seller's stores. */
export async function offerExistingProduct(
  db: Db,
  auth: AuthContext | null,
  input: SkuFields & { storeId: number; productId: number },
): Promise<{ skuId: number; sku: string }> {
  const actor = writeActor(auth)
  checkFirstTiers(input.tiers)
  const { storeId, productId, ...fields } = input
  try {
    return await db.transaction(async (tx) => {
      await ownedStore(tx, actor, storeId)
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.status, 'active')))
      if (!product) throw fieldError('productId', 'This product is not in the catalogue')
      const sku = await insertSku(tx, actor, storeId, productId, fields)
      await refreshProductListings(tx, [productId])
      return { skuId: sku.id, sku: sku.sku }
    })
  } catch (error) {
    skuConflicts(error)
  }
}

async function checkProductRefs(tx: DbOrTx, fields: ProductFields, prefix: string): Promise<void> {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, fields.categoryId))
  if (!category) throw fieldError(`${prefix}categoryId`, 'Choose a category from the list')
  if (fields.brandId !== null) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, fields.brandId))
    if (!brand) throw fieldError(`${prefix}brandId`, 'Choose a brand from the list')
  }
}

async function writeAttributes(tx: DbOrTx, productId: number, attributes: ProductFields['attributes']) {
  await tx.delete(productAttributes).where(eq(productAttributes.productId, productId))
  if (attributes.length)
    await tx
      .insert(productAttributes)
      .values(attributes.map((a, position) => ({ productId, key: a.key, value: a.value, position })))
}

/** Creates a product in the shared catalogue, maintained by this seller, with this store's SKU. */
export async function createProductWithSku(
  db: Db,
  auth: AuthContext | null,
  input: SkuFields & { storeId: number; product: ProductFields },
): Promise<{ productId: number; skuId: number; sku: string }> {
  const actor = writeActor(auth)
  checkFirstTiers(input.tiers)
  const { storeId, product: fields, ...skuFields } = input
  try {
    return await db.transaction(async (tx) => {
      await ownedStore(tx, actor, storeId)
      await checkProductRefs(tx, fields, 'product.')
      const base = suggestSlug(fields.name) || 'product'
      const [row] = await tx
        .insert(products)
        .values({
          slug: `${base}-${crypto.randomUUID().slice(0, 8)}`,
          name: fields.name,
          categoryId: fields.categoryId,
          brandId: fields.brandId,
          unit: fields.unit,
          description: fields.description,
          createdBySellerId: actor.sellerId,
        })
        .returning()
      const product = row!
      await writeAttributes(tx, product.id, fields.attributes)
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'product.create',
        recordType: 'product',
        recordId: product.id,
        after: auditedProduct(product, fields.attributes),
      })
      const sku = await insertSku(tx, actor, storeId, product.id, skuFields)
      await refreshProductListings(tx, [product.id])
      return { productId: product.id, skuId: sku.id, sku: sku.sku }
    })
  } catch (error) {
    skuConflicts(error)
  }
}

/** The SKU when it belongs to one of the actor's stores; 404 otherwise. */
export async function ownedSku(db: DbOrTx, actor: SellerActor, skuId: number): Promise<SkuRow> {
  const [row] = await db
    .select({ sku: skus })
    .from(skus)
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .where(and(eq(skus.id, skuId), eq(stores.sellerId, actor.sellerId)))
  if (!row) throw notFound('SKU not found')
  return row.sku
}

export async function updateSku(
  db: Db,
  auth: AuthContext | null,
  input: { skuId: number; piecesPerPack: number; alwaysAvailable: boolean; status: SkuRow['status'] },
): Promise<void> {
  const actor = writeActor(auth)
  const { skuId, ...fields } = input
  await db.transaction(async (tx) => {
    const before = await ownedSku(tx, actor, skuId)
    const [after] = await tx
      .update(skus)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(skus.id, skuId))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'sku.update',
      recordType: 'sku',
      recordId: skuId,
      before: auditedSku(before),
      after: auditedSku(after!),
    })
    await refreshProductListings(tx, [before.productId])
  })
}

/** Edits a product this seller created; any other product answers 403 (it is read-only to them). */
export async function updateProduct(
  db: Db,
  auth: AuthContext | null,
  input: ProductFields & { productId: number },
): Promise<void> {
  const actor = writeActor(auth)
  const { productId, ...fields } = input
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, productId))
    if (!before) throw notFound('Product not found')
    if (before.createdBySellerId !== actor.sellerId) {
      // Offering it is not maintaining it; someone with no offer of it should not learn it exists here.
      const [offer] = await tx
        .select({ id: skus.id })
        .from(skus)
        .innerJoin(stores, eq(stores.id, skus.storeId))
        .where(and(eq(skus.productId, productId), eq(stores.sellerId, actor.sellerId)))
      if (!offer) throw notFound('Product not found')
      throw new HttpError(403, 'This product is maintained by the seller who created it')
    }
    await checkProductRefs(tx, fields, '')
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
        brandId: fields.brandId,
        unit: fields.unit,
        description: fields.description,
        updatedAt: new Date(),
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
}
