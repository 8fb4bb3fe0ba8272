import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import {
  preparePhotos,
  removePhotos,
  storePhotos,
  storedImageKeys,
  type ImageKind,
  type StoredPhoto,
} from '~/server/images/photos.server'
import type { SellerActor } from '~/server/auth/guards.server'
import type { Db } from '~/server/db/client.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { enforceUploadQuota } from '~/server/rate-limit/upload-quota.server'
import { MAX_PHOTO_BYTES } from '~/lib/photo-limits'

/**
 * A magazine's cover goes through the store logo's image pipeline (checked by its bytes, re-encoded
 * to webp by sharp), in two widths: a card and the magazine's full-width cover.
 */
export const COVER_IMAGES: ImageKind = {
  field: 'cover',
  maxCount: 1,
  widths: [640, 1280],
  folder: 'magazines',
  get countMessage() {
    return m.magazines_cover_count()
  },
  get sizeMessage() {
    return m.magazines_cover_size({ mb: formatNumber(MAX_PHOTO_BYTES / 1024 / 1024) })
  },
  get typeMessage() {
    return m.magazines_cover_type()
  },
}

/** Writes a new cover before the magazine's transaction, after `authorise` passed; null without a file. */
export async function writeCover(
  db: Db,
  actor: SellerActor,
  uploads: readonly UploadedFile[],
  storage: MediaStorage | undefined,
  authorise: () => Promise<unknown>,
): Promise<StoredPhoto | null> {
  const [prepared] = await preparePhotos(uploads, COVER_IMAGES)
  if (!prepared) return null
  if (!storage) throw new Error('a magazine cover needs a media storage')
  await authorise()
  await enforceUploadQuota(db, actor.auth.user.id, uploads)
  const [stored] = await storePhotos(storage, [prepared], COVER_IMAGES)
  return stored ?? null
}

export async function discardCover(storage: MediaStorage | undefined, cover: StoredPhoto | null) {
  if (cover && storage) await removePhotos(storage, [cover])
}

/** Removes a replaced cover's files once the change committed (best effort; a shared url is left). */
export async function removeOldCover(storage: MediaStorage | undefined, url: string | null): Promise<void> {
  if (!storage) return
  const keys = storedImageKeys(storage, url, COVER_IMAGES)
  if (keys.length) await removePhotos(storage, [{ url: url!, alt: '', keys }])
}
