import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/**
 * What an uploaded photo may be (issue #15): a product's photos, a store's logo, a category's image
 * and a magazine's cover all follow these limits. Client-safe: the file choosers offer the same
 * types and sizes the server checks (src/server/images/photos.server.ts).
 */

export const MAX_PHOTOS = 8
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024
/** The types a product photo may be, by its bytes (what `accept` offers the file chooser too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export const PHOTO_COUNT_MESSAGE = () => m.seller_photos_at_most({ max: formatNumber(MAX_PHOTOS) })
export const PHOTO_SIZE_MESSAGE = () =>
  m.seller_photo_size({ mb: formatNumber(MAX_PHOTO_BYTES / 1024 / 1024) })
export const PHOTO_TYPE_MESSAGE = () => m.seller_photo_type()
/** A store's logo: one image, same size and types as a product photo. */
export const LOGO_COUNT_MESSAGE = () => m.seller_logo_count()
export const LOGO_SIZE_MESSAGE = () => m.seller_logo_size({ mb: formatNumber(MAX_PHOTO_BYTES / 1024 / 1024) })
export const LOGO_TYPE_MESSAGE = () => m.seller_logo_type()
