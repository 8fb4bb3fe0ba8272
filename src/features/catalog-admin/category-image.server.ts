import '@tanstack/react-start/server-only'
import {
  preparePhotos,
  removePhotos,
  storePhotos,
  storedImageKeys,
  type ImageKind,
} from '~/server/images/photos.server'
import { MAX_PHOTO_BYTES } from '~/lib/photo-limits'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { HttpError } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { enforceUploadQuota } from '~/server/rate-limit/upload-quota.server'
import { CATEGORY_IMAGE_NOTHING, type CategoryImageInput } from './catalog-admin.schemas'
import { setCategoryImage } from './categories-admin.server'

/**
 * A category's image goes through the store logo's pipeline (checked by its bytes, re-encoded to
 * webp by sharp): one square-ish tile on the home page and the category page, so one width.
 */
export const CATEGORY_IMAGES: ImageKind = {
  field: 'image',
  maxCount: 1,
  widths: [512],
  folder: 'categories',
  // Read when a refusal is written, so in the request's language.
  get countMessage() {
    return m.content_err_category_image_count()
  },
  get sizeMessage() {
    return m.content_err_category_image_size({ mb: formatNumber(MAX_PHOTO_BYTES / 1024 / 1024) })
  },
  get typeMessage() {
    return m.content_err_category_image_type()
  },
}

/**
 * Replaces (or, with `removeImage` and no file, clears) a category's image. The file is checked
 * and written only after the admin check, before the audited transaction; it is removed again if
 * that fails, and the replaced image's files are removed once the change committed.
 */
export async function updateCategoryImage(
  db: Db,
  auth: AuthContext | null,
  input: CategoryImageInput,
  uploads: readonly UploadedFile[],
  storage: MediaStorage,
): Promise<{ image: string | null }> {
  const admin = requireAdmin(auth)
  const [prepared] = await preparePhotos(uploads, CATEGORY_IMAGES)
  if (!prepared && !input.removeImage)
    throw new HttpError(422, CATEGORY_IMAGE_NOTHING(), { image: [CATEGORY_IMAGE_NOTHING()] })
  let stored = null
  if (prepared) {
    await enforceUploadQuota(db, admin.user.id, uploads)
    ;[stored] = await storePhotos(storage, [prepared], CATEGORY_IMAGES)
  }
  const image = stored?.url ?? null
  let previous: string | null
  try {
    ;({ previous } = await setCategoryImage(db, auth, { categoryId: input.categoryId, image }))
  } catch (error) {
    if (stored) await removePhotos(storage, [stored])
    throw error
  }
  // Seeded artwork and external urls are not this pipeline's files: they are left alone.
  const keys = storedImageKeys(storage, previous, CATEGORY_IMAGES)
  if (keys.length) await removePhotos(storage, [{ url: previous!, alt: '', keys }])
  return { image }
}
