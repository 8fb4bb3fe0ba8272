import '@tanstack/react-start/server-only'
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import sharp from 'sharp'
import { m } from '~/lib/messages'
import { outputWidths } from '~/lib/image-url'
import { isPublicMediaKey, type MediaStorage } from '../providers/storage/storage.server'

/**
 * Where an image may come from: the app's own media storage, the app's own public files, or the
 * one allowed image domain over https. Anything else is refused, so the endpoint cannot be used
 * to fetch arbitrary URLs (SSRF) or read files outside those folders.
 */
export type ImageSource =
  { kind: 'media'; key: string } | { kind: 'public'; path: string } | { kind: 'remote'; url: URL }

const PUBLIC_FILE = /^\/(?!api\/|_serverFn\/|media\/)[a-z0-9][a-z0-9/_.-]*\.(?:png|jpe?g|webp|gif|avif|svg)$/i

export function resolveImageSource(src: string, allowedDomain: string): ImageSource | null {
  if (!src || src.length > 1000) return null
  if (src.startsWith('/media/')) {
    const key = src.slice('/media/'.length)
    return isPublicMediaKey(key) ? { kind: 'media', key } : null
  }
  if (src.startsWith('/') && !src.startsWith('//')) {
    if (!PUBLIC_FILE.test(src) || src.includes('..') || src.includes('//')) return null
    return { kind: 'public', path: src }
  }
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return null
  }
  const sameHost = !!allowedDomain && url.hostname.toLowerCase() === allowedDomain.toLowerCase()
  if (url.protocol !== 'https:' || !sameHost || url.username || url.password || url.port) return null
  return { kind: 'remote', url }
}

/** Only the widths the image component asks for: no one can make the server render 9999 sizes. */
export function parseImageWidth(raw: string | null): number | null {
  if (!raw || !/^\d{1,5}$/.test(raw)) return null
  const width = Number(raw)
  return outputWidths.includes(width) ? width : null
}

export class ImageError extends Error {
  constructor(
    readonly status: 404 | 415 | 502,
    message: string,
  ) {
    super(message)
  }
}

const MAX_SOURCE_BYTES = 15 * 1024 * 1024
const QUALITY = 78

export interface ImageServiceDeps {
  media: MediaStorage
  /** Folders holding the app's public files, tried in order. */
  publicDirs: string[]
  cacheDir: string
  fetch?: typeof fetch
}

/** The original bytes of an image source (404 ImageError when it is not there). */
export async function readImageSource(
  source: ImageSource,
  deps: Pick<ImageServiceDeps, 'media' | 'publicDirs' | 'fetch'>,
): Promise<Buffer> {
  if (source.kind === 'media') {
    const file = await deps.media.get(source.key)
    if (!file) throw new ImageError(404, m.server_error_image_not_found())
    return file.body
  }
  if (source.kind === 'public') {
    for (const dir of deps.publicDirs) {
      const path = normalize(join(dir, source.path))
      if (!path.startsWith(normalize(dir) + sep)) continue
      try {
        const info = await stat(path)
        if (info.isFile() && info.size <= MAX_SOURCE_BYTES) return await readFile(path)
      } catch {
        // Try the next folder.
      }
    }
    throw new ImageError(404, m.server_error_image_not_found())
  }
  // Redirects are refused: following one could leave the allowed domain.
  const response = await (deps.fetch ?? fetch)(source.url, {
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null)
  if (!response || !response.ok)
    throw new ImageError(response?.status === 404 ? 404 : 502, m.server_error_image_unreachable())
  if (Number(response.headers.get('content-length') ?? 0) > MAX_SOURCE_BYTES)
    throw new ImageError(415, m.server_error_image_too_large())
  const body = Buffer.from(await response.arrayBuffer())
  if (body.byteLength > MAX_SOURCE_BYTES) throw new ImageError(415, m.server_error_image_too_large())
  return body
}

function cacheKey(source: ImageSource, width: number): string {
  const id =
    source.kind === 'remote'
      ? source.url.href
      : `${source.kind}:${'key' in source ? source.key : source.path}`
  return createHash('sha256').update(`${id}|${width}|${QUALITY}|webp`).digest('hex')
}

/**
 * The webp rendition of a source at a width, from the disk cache or made (and cached) now. Never
 * enlarges a smaller original. Returns the bytes and a strong ETag.
 */
export async function renderImage(
  source: ImageSource,
  width: number,
  deps: ImageServiceDeps,
): Promise<{ body: Buffer; etag: string; cached: boolean }> {
  const key = cacheKey(source, width)
  const path = join(deps.cacheDir, key.slice(0, 2), `${key}.webp`)
  const etag = `"${key.slice(0, 32)}"`
  try {
    return { body: await readFile(path), etag, cached: true }
  } catch {
    // Not cached yet.
  }
  const original = await readImageSource(source, deps)
  let body: Buffer
  try {
    body = await sharp(original, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toBuffer()
  } catch {
    throw new ImageError(415, m.server_error_not_an_image())
  }
  await mkdir(join(deps.cacheDir, key.slice(0, 2)), { recursive: true })
  // Write then rename: a concurrent reader never sees half a file.
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`
  await writeFile(temp, body)
  await rename(temp, path)
  return { body, etag, cached: false }
}
