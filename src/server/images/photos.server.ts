import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { HttpError } from '~/server/http/api-errors.server'
import { filesFromFormData, type UploadedFile } from '~/server/http/multipart.server'
import { log } from '~/server/log.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import {
  LOGO_COUNT_MESSAGE,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PHOTO_COUNT_MESSAGE,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_TYPES,
} from '~/lib/photo-limits'
import { m } from '~/lib/messages'

/**
 * Product photos a seller uploads (issue #15): checked by their bytes, re-encoded by sharp into
 * webp variants (which also drops whatever else the file carried: metadata, trailing payloads),
 * written to the media storage before the product's transaction and removed again if it fails.
 * Infrastructure below the features: store logos, category images and magazine covers go through
 * the same checks and variants (each as its `ImageKind`).
 */

/** Widths stored for each photo, as `<base>-<width>.webp`; the widest is the photo's url. */
export const PHOTO_WIDTHS = [320, 768, 1536] as const
/** A store's logo is shown small (a header tile, a card): one width is enough. */
export const LOGO_WIDTHS = [512] as const
const QUALITY = 80
/** Pixels sharp may decode: a 50 MP photo is fine, a decompression bomb is not. */
const MAX_PIXELS = 50_000_000

export interface PreparedPhoto {
  /** The name the seller gave the file, kept as the photo's alt text until they write one. */
  name: string
  variants: { width: number; bytes: Buffer }[]
}

export interface StoredPhoto {
  url: string
  alt: string
  keys: string[]
}

/**
 * What differs between the images this pipeline takes: a product's photos (the defaults) or a
 * store's logo (LOGO_IMAGES). The field a 422 names, how many, the widths and the storage folder.
 */
export interface ImageKind {
  field: string
  maxCount: number
  widths: readonly number[]
  folder: string
  countMessage: string
  sizeMessage: string
  typeMessage: string
}

export const PRODUCT_PHOTOS: ImageKind = {
  field: 'photos',
  maxCount: MAX_PHOTOS,
  widths: PHOTO_WIDTHS,
  folder: 'products',
  get countMessage() {
    return PHOTO_COUNT_MESSAGE()
  },
  get sizeMessage() {
    return PHOTO_SIZE_MESSAGE()
  },
  get typeMessage() {
    return PHOTO_TYPE_MESSAGE()
  },
}

export const LOGO_IMAGES: ImageKind = {
  field: 'logo',
  maxCount: 1,
  widths: LOGO_WIDTHS,
  folder: 'stores',
  get countMessage() {
    return LOGO_COUNT_MESSAGE()
  },
  get sizeMessage() {
    return LOGO_SIZE_MESSAGE()
  },
  get typeMessage() {
    return LOGO_TYPE_MESSAGE()
  },
}

const refuser = (kind: ImageKind) => (message: string) =>
  new HttpError(422, message, { [kind.field]: [message] })

/** The `photos` files of a product form, count and declared sizes checked before reading them. */
export function photosFromFormData(
  form: FormData,
  kind: ImageKind = PRODUCT_PHOTOS,
): Promise<UploadedFile[]> {
  return filesFromFormData(form, kind.field, {
    maxCount: kind.maxCount,
    maxBytes: MAX_PHOTO_BYTES,
    errorField: kind.field,
    countMessage: kind.countMessage,
    sizeMessage: kind.sizeMessage,
  })
}

/**
 * The storage keys behind a stored image's url (every width of it), or none when the url is not
 * one this pipeline wrote into `kind.folder` (a seeded or external url is left alone).
 */
export function storedImageKeys(storage: MediaStorage, url: string | null, kind: ImageKind): string[] {
  const prefix = storage.urlFor('')
  if (!url?.startsWith(prefix)) return []
  const match = new RegExp(`^(${kind.folder}/u-[0-9a-f]{24})-\\d+\\.webp$`).exec(url.slice(prefix.length))
  return match ? kind.widths.map((width) => `${match[1]}-${width}.webp`) : []
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g

/** A file's name without folders, extension or control characters: the photo's first alt text. */
const altFrom = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(CONTROL_CHARACTERS, '')
    .slice(0, 120)

/**
 * Checks count, size and type (by the first bytes, not the name or the browser's word), then
 * decodes each photo and renders its webp variants. Any failure is a 422 on `photos` naming the
 * file, and nothing has been written yet.
 */
export async function preparePhotos(
  files: readonly UploadedFile[],
  kind: ImageKind = PRODUCT_PHOTOS,
): Promise<PreparedPhoto[]> {
  const refuse = refuser(kind)
  const present = files.filter((file) => file.bytes.byteLength > 0)
  if (present.length > kind.maxCount) throw refuse(kind.countMessage)
  const prepared: PreparedPhoto[] = []
  for (const file of present) {
    if (file.bytes.byteLength > MAX_PHOTO_BYTES) throw refuse(kind.sizeMessage)
    const detected = await fileTypeFromBuffer(file.bytes)
    if (!detected || !(PHOTO_TYPES as readonly string[]).includes(detected.mime))
      throw refuse(`${altFrom(file.name) || m.seller_photo_a_file()}: ${kind.typeMessage.toLowerCase()}`)
    try {
      const image = sharp(file.bytes, { limitInputPixels: MAX_PIXELS }).rotate()
      const variants = await Promise.all(
        kind.widths.map(async (width) => ({
          width,
          bytes: await image
            .clone()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: QUALITY })
            .toBuffer(),
        })),
      )
      prepared.push({ name: altFrom(file.name), variants })
    } catch {
      throw refuse(m.seller_photo_unreadable({ name: altFrom(file.name) || m.seller_photo_a_file() }))
    }
  }
  return prepared
}

/**
 * Writes every variant under a fresh random key (public: served by /media and /api/image). When a
 * write fails, what this call wrote is removed before the error goes on.
 */
export async function storePhotos(
  storage: MediaStorage,
  photos: readonly PreparedPhoto[],
  kind: ImageKind = PRODUCT_PHOTOS,
): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = []
  try {
    for (const photo of photos) {
      const base = `${kind.folder}/u-${randomBytes(12).toString('hex')}`
      const entry: StoredPhoto = { url: '', alt: photo.name, keys: [] }
      stored.push(entry)
      for (const variant of photo.variants) {
        const key = `${base}-${variant.width}.webp`
        const { url } = await storage.put(key, variant.bytes)
        entry.keys.push(key)
        entry.url = url
      }
    }
    return stored
  } catch (error) {
    await removePhotos(storage, stored)
    throw error
  }
}

/** Removes stored photos (after a failed transaction). Best effort: a leftover file is logged, not fatal. */
export async function removePhotos(storage: MediaStorage, photos: readonly StoredPhoto[]): Promise<void> {
  for (const key of photos.flatMap((p) => p.keys)) {
    await storage
      .remove(key)
      .catch((error: unknown) => log().warn({ err: error, key }, 'orphan photo not removed'))
  }
}
