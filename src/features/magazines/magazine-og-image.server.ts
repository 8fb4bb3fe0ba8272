import '@tanstack/react-start/server-only'
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { serverConfig } from '~/server/config.server'
import { getDb, mediaStorage } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'
import { readImageSource, resolveImageSource } from '~/server/images/image-service.server'
import { IDENTIFY_PATTERN } from './magazines.schemas'
import { getPublicMagazine } from './magazines-public.server'

/** Open Graph's recommended size: link previews crop anything else. */
export const OG_SIZE = { width: 1200, height: 630 } as const

/**
 * GET /magazine/{identify}/cover.png: the magazine's cover as a 1200×630 PNG for link previews (Open
 * Graph, X cards). Only published magazines with a cover; drawn once per cover and kept on disk
 * (a new cover has a new URL, so a new file).
 */
export async function magazineOgImageResponse(request: Request, identify: string): Promise<Response> {
  try {
    if (!IDENTIFY_PATTERN.test(identify) || identify.length > 60) throw notFound('Magazine not found')
    const magazine = await getPublicMagazine(await getDb(), identify)
    if (!magazine?.cover) throw notFound('Magazine not found')
    const source = resolveImageSource(magazine.cover, '')
    if (!source) throw notFound('Magazine not found')
    const key = createHash('sha256')
      .update(`${magazine.cover}|${OG_SIZE.width}x${OG_SIZE.height}|v1`)
      .digest('hex')
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
      // A cover whose file is gone or unreadable has no preview image: the same 404.
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
          throw notFound('Magazine not found')
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
