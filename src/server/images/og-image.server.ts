import '@tanstack/react-start/server-only'
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { serverConfig } from '~/server/config.server'
import { mediaStorage } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'
import { readImageSource, resolveImageSource } from './image-service.server'

/** Open Graph's recommended size: link previews crop anything else. */
export const OG_SIZE = { width: 1200, height: 630 } as const

/**
 * An image of the app's (a product photo, a cover, a logo; SVG included) as a 1200×630 PNG for link
 * previews: most crawlers refuse SVG. Drawn once per source and kept on disk (a new image has a
 * new URL, so a new file). `src` null or unreadable: 404 with `missing` as the message.
 */
export async function ogPngResponse(
  request: Request,
  src: string | null,
  missing: string,
): Promise<Response> {
  try {
    const source = src ? resolveImageSource(src, serverConfig().imageAllowedDomain) : null
    if (!src || !source) throw notFound(missing)
    const key = createHash('sha256').update(`${src}|${OG_SIZE.width}x${OG_SIZE.height}|v1`).digest('hex')
    const etag = `"${key.slice(0, 32)}"`
    const headers = {
      'content-type': 'image/png',
      etag,
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
      'x-content-type-options': 'nosniff',
    }
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
    const dir = join(serverConfig().dataDir, 'cache', 'og')
    const path = join(dir, `${key}.png`)
    let body: Buffer
    try {
      body = await readFile(path)
    } catch {
      // An image whose file is gone or unreadable has no preview image: the same 404.
      body = await readImageSource(source, {
        media: mediaStorage(),
        publicDirs: [resolve('public'), resolve('.output/public')],
      })
        .then((original) =>
          sharp(original, { limitInputPixels: 50_000_000 })
            .rotate()
            .resize({ ...OG_SIZE, fit: 'cover', position: 'attention' })
            .png({ compressionLevel: 9 })
            .toBuffer(),
        )
        .catch(() => {
          throw notFound(missing)
        })
      await mkdir(dir, { recursive: true })
      // Write then rename: a concurrent reader never sees half a file.
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`
      await writeFile(temp, body)
      await rename(temp, path)
    }
    return new Response(new Uint8Array(body), {
      headers: { ...headers, 'content-length': String(body.byteLength) },
    })
  } catch (error) {
    return errorResponse(error, [], request.signal)
  }
}
