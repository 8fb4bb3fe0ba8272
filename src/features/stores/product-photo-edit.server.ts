import '@tanstack/react-start/server-only'
import { and, asc, eq } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import type { SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { productPhotos, products, skus, stores } from '~/server/db/schema'
import { HttpError, fieldError, notFound } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { enforceUploadQuota } from '~/server/rate-limit/upload-quota.server'
import {
  PRODUCT_PHOTOS,
  preparePhotos,
  removePhotos,
  storePhotos,
  storedImageKeys,
  type StoredPhoto,
} from '~/server/images/photos.server'
import { writeActor } from './stores.server'
import { MAX_PHOTOS, PHOTO_COUNT_MESSAGE } from '~/lib/photo-limits'
import type { ProductPhotosInput } from './stores.schemas'
import { m } from '~/lib/messages'

/**
 * A product's photos after it was created (issue #15): the seller who maintains the product keeps,
 * reorders and removes its photos and adds new ones, up to eight; the first is the main photo the
 * listing and the basket show. New files are checked and written before the transaction (removed
 * again if it fails); files of removed photos go once it committed.
 */

/**
 * The product, when this seller maintains it: 403 when they only offer it, 404 when they neither
 * maintain nor offer it (so its existence is not confirmed to them). Locks the product row.
 */
async function maintainedProduct(tx: DbOrTx, actor: SellerActor, productId: number) {
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
  if (product?.createdBySellerId === actor.sellerId) return product
  const [offer] = product
    ? await tx
        .select({ id: skus.id })
        .from(skus)
        .innerJoin(stores, eq(stores.id, skus.storeId))
        .where(and(eq(skus.productId, productId), eq(stores.sellerId, actor.sellerId)))
        .limit(1)
    : []
  if (!offer) throw notFound(m.server_error_product_not_found())
  throw new HttpError(403, m.server_error_product_not_yours())
}

export async function updateProductPhotos(
  db: Db,
  auth: AuthContext | null,
  input: ProductPhotosInput,
  uploads: readonly UploadedFile[],
  storage: MediaStorage,
): Promise<{ photos: { url: string; alt: string }[] }> {
  const actor = writeActor(auth)
  const present = uploads.filter((file) => file.bytes.byteLength > 0)
  const urls = input.order.filter((entry): entry is string => typeof entry === 'string')
  const fileSlots = input.order.flatMap((entry) => (typeof entry === 'string' ? [] : [entry.file]))
  // Every new file has exactly one place, and no stored photo is listed twice.
  if (
    new Set(urls).size !== urls.length ||
    new Set(fileSlots).size !== fileSlots.length ||
    fileSlots.length !== present.length ||
    fileSlots.some((slot) => slot >= present.length)
  )
    throw fieldError('order', m.seller_photos_unreadable_reload())
  if (input.order.length > MAX_PHOTOS) throw fieldError('photos', PHOTO_COUNT_MESSAGE())
  const prepared = await preparePhotos(present)
  // Nothing is written for someone who may not change this product.
  await db.transaction((tx) => maintainedProduct(tx, actor, input.productId))
  let added: StoredPhoto[] = []
  if (prepared.length) {
    await enforceUploadQuota(db, actor.auth.user.id, present)
    added = await storePhotos(storage, prepared)
  }
  try {
    const { removed, photos } = await db.transaction(async (tx) => {
      await maintainedProduct(tx, actor, input.productId)
      const current = await tx
        .select()
        .from(productPhotos)
        .where(eq(productPhotos.productId, input.productId))
        .orderBy(asc(productPhotos.position), asc(productPhotos.id))
      const byUrl = new Map(current.map((photo) => [photo.url, photo]))
      // Another tab changed the photos meanwhile: refuse rather than guess.
      if (urls.some((url) => !byUrl.has(url))) throw new HttpError(409, m.seller_photos_changed_reload())
      const removed = current.filter((photo) => !urls.includes(photo.url))
      await tx.delete(productPhotos).where(eq(productPhotos.productId, input.productId))
      const photos = input.order.map((entry) => {
        const { url, alt } = typeof entry === 'string' ? byUrl.get(entry)! : added[entry.file]!
        return { url, alt }
      })
      if (photos.length)
        await tx
          .insert(productPhotos)
          .values(photos.map((photo, position) => ({ productId: input.productId, ...photo, position })))
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'product.photos',
        recordType: 'product',
        recordId: input.productId,
        before: { photos: current.map((photo) => photo.url) },
        after: { photos: photos.map((photo) => photo.url) },
      })
      await refreshProductListings(tx, [input.productId])
      return { removed, photos }
    })
    // Files this pipeline wrote are removed; seeded or external urls are left alone.
    await removePhotos(
      storage,
      removed.map((photo) => ({
        url: photo.url,
        alt: photo.alt,
        keys: storedImageKeys(storage, photo.url, PRODUCT_PHOTOS),
      })),
    )
    return { photos }
  } catch (error) {
    await removePhotos(storage, added)
    throw error
  }
}
