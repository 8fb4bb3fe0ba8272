import { resolve } from 'node:path'
import { createFileRoute } from '@tanstack/react-router'
import { serverConfig } from '~/server/config.server'
import { mediaStorage } from '~/server/db/database.server'
import {
  ImageError,
  parseImageWidth,
  renderImage,
  resolveImageSource,
} from '~/server/images/image-service.server'
import { log } from '~/server/log.server'
import { m } from '~/lib/messages'

const plain = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/**
 * GET /api/image?src=<path or URL>&w=<width>: the webp rendition used by <ResponsiveImage>. Sources are
 * the app's own files and the one allowed image domain; widths are the configured ones.
 */
export const Route = createFileRoute('/api/image')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const url = new URL(request.url)
        const width = parseImageWidth(url.searchParams.get('w'))
        if (width === null) return plain(400, m.server_image_width_invalid())
        const config = serverConfig()
        const source = resolveImageSource(url.searchParams.get('src') ?? '', config.imageAllowedDomain)
        if (!source) return plain(403, m.server_image_source_not_allowed())
        try {
          const image = await renderImage(source, width, {
            media: mediaStorage(),
            publicDirs: [resolve('public'), resolve('.output/public')],
            cacheDir: `${config.dataDir}/cache/images`,
          })
          const headers = {
            'content-type': 'image/webp',
            etag: image.etag,
            'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
            'x-image-cache': image.cached ? 'hit' : 'miss',
          }
          if (request.headers.get('if-none-match') === image.etag)
            return new Response(null, { status: 304, headers })
          return new Response(new Uint8Array(image.body), {
            headers: { ...headers, 'content-length': String(image.body.byteLength) },
          })
        } catch (error) {
          if (error instanceof ImageError) return plain(error.status, error.message)
          log().error({ err: error }, 'image endpoint failed')
          return plain(500, m.server_error_generic())
        }
      },
    },
  },
})
