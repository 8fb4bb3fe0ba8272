import { createFileRoute } from '@tanstack/react-router'
import { mediaStorage } from '~/server/db/database.server'
import { isPublicMediaKey } from '~/server/providers/storage/storage.server'
import { m } from '~/lib/messages'

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
}

/** Serves stored public media (product photos, logos); private files have their own routes. */
export const Route = createFileRoute('/media/$')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const key = params._splat ?? ''
        const type = TYPES[key.split('.').pop()?.toLowerCase() ?? '']
        const file = type && isPublicMediaKey(key) ? await mediaStorage().get(key) : null
        if (!file || !type)
          return new Response(m.server_error_not_found(), {
            status: 404,
            headers: { 'content-type': 'text/plain' },
          })
        return new Response(new Uint8Array(file.body), {
          headers: {
            'content-type': type,
            'content-length': String(file.size),
            'cache-control': 'public, max-age=86400',
            'last-modified': file.modified.toUTCString(),
            // SVG is served as an image, never as a document that could run script.
            'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          },
        })
      },
    },
  },
})
