import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { HttpError } from '~/server/http/api-errors.server'
import { filesFromFormData, type UploadedFile } from '~/server/http/multipart.server'
import { log } from '~/server/log.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PHOTO_COUNT_MESSAGE,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_TYPES,
} from './stores.schemas'

/**
 * Product photos a seller uploads (issue #15): checked by their bytes, re-encoded by sharp into
 * webp variants (which also drops whatever else the file carried: metadata, trailing payloads),
 * written to the media storage before the product's transaction and removed again if it fails.
 */

/** Widths stored for each photo, as `<base>-<width>.webp`; the widest is the photo's url. */
export const PHOTO_WIDTHS = [320, 768, 1536] as const
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

const refuse = (message: string) => new HttpError(422, message, { photos: [message] })

/** The `photos` files of a product form, count and declared sizes checked before reading them. */
export function photosFromFormData(form: FormData): Promise<UploadedFile[]> {
  return filesFromFormData(form, 'photos', {
    maxCount: MAX_PHOTOS,
    maxBytes: MAX_PHOTO_BYTES,
    errorField: 'photos',
    countMessage: PHOTO_COUNT_MESSAGE,
    sizeMessage: PHOTO_SIZE_MESSAGE,
  })
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
export async function preparePhotos(files: readonly UploadedFile[]): Promise<PreparedPhoto[]> {
  const present = files.filter((file) => file.bytes.byteLength > 0)
  if (present.length > MAX_PHOTOS) throw refuse(PHOTO_COUNT_MESSAGE)
  const prepared: PreparedPhoto[] = []
  for (const file of present) {
    if (file.bytes.byteLength > MAX_PHOTO_BYTES) throw refuse(PHOTO_SIZE_MESSAGE)
    const detected = await fileTypeFromBuffer(file.bytes)
    if (!detected || !(PHOTO_TYPES as readonly string[]).includes(detected.mime))
      throw refuse(`${altFrom(file.name) || 'A file'}: ${PHOTO_TYPE_MESSAGE.toLowerCase()}`)
    try {
      const image = sharp(file.bytes, { limitInputPixels: MAX_PIXELS }).rotate()
      const variants = await Promise.all(
        PHOTO_WIDTHS.map(async (width) => ({
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
      throw refuse(`${altFrom(file.name) || 'A file'} could not be read as an image`)
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
): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = []
  try {
    for (const photo of photos) {
      const base = `products/u-${randomBytes(12).toString('hex')}`
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
