import '@tanstack/react-start/server-only'
import { and, eq, sql } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/index.server'
import { assertPlanAllows } from '~/features/plans/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import type { SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx, Tx } from '~/server/db/client.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { prices, products, skus, stores } from '~/server/db/schema'
import { HttpError, fieldError, notFound } from '~/server/http/api-errors.server'
import { checkFirstTiers, recordOpeningStock } from './store-rules.server'
import { ownedStore, writeActor } from './stores.server'
import { ALREADY_OFFERED, SKU_TAKEN, type SkuFields } from './stores.schemas'
import { m } from '~/lib/messages'

/**
 * A store's offers (SKUs) (issue #15); the products sellers author are in product-authoring.server.ts.
 * Owner only; every write is one transaction with its audit event and the refresh of the listing.
 */

type SkuRow = typeof skus.$inferSelect

const auditedSku = (s: SkuRow) => ({
  sku: s.sku,
  storeId: s.storeId,
  productId: s.productId,
  piecesPerPack: s.piecesPerPack,
  alwaysAvailable: s.alwaysAvailable,
  status: s.status,
})
export function skuConflicts(error: unknown): never {
  if (isUniqueViolation(error, 'skus_sku_key')) throw new HttpError(409, SKU_TAKEN(), { sku: [SKU_TAKEN()] })
  if (isUniqueViolation(error, 'skus_store_product_key'))
    throw new HttpError(409, ALREADY_OFFERED(), { productId: [ALREADY_OFFERED()] })
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
export async function insertSku(
  tx: Tx,
  actor: SellerActor,
  storeId: number,
  productId: number,
  fields: SkuFields,
): Promise<SkuRow> {
  // A new SKU is active at once: it takes a place among the plan's active SKUs.
  await assertPlanAllows(tx, actor.sellerId, 'skus')
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
      if (!product) throw fieldError('productId', m.seller_product_not_in_catalogue())
      const sku = await insertSku(tx, actor, storeId, productId, fields)
      await refreshProductListings(tx, [productId])
      return { skuId: sku.id, sku: sku.sku }
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
  if (!row) throw notFound(m.server_error_sku_not_found())
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
    if (before.status !== 'active' && fields.status === 'active')
      await assertPlanAllows(tx, actor.sellerId, 'skus')
    const [after] = await tx
      .update(skus)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(skus.id, skuId))
      .returning()
    // A pack of a different size shares the same pack price over other pieces: every stored tier's
    // per-piece price follows (pricePerPiece in price-tiers.schemas.ts, in SQL).
    if (fields.piecesPerPack !== before.piecesPerPack)
      await tx
        .update(prices)
        .set({
          pricePerPiece: sql`round((case when ${prices.offerPrice} > 0 then ${prices.offerPrice}
            else ${prices.unitPrice} end)::numeric / ${fields.piecesPerPack})`,
        })
        .where(eq(prices.skuId, skuId))
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
