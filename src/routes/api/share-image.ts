import { createFileRoute } from '@tanstack/react-router'
import { ogPngResponse } from '~/server/images/og-image.server'
import { m } from '~/lib/messages'

/**
 * GET /api/share-image?src=<path or URL>: a page's share image (product photo, category image,
 * store logo...) as a 1200×630 PNG for link previews; the same sources /api/image accepts.
 */
export const Route = createFileRoute('/api/share-image')({
  server: {
    handlers: {
      GET: ({ request }) =>
        ogPngResponse(
          request,
          new URL(request.url).searchParams.get('src'),
          m.server_error_image_not_found(),
        ),
    },
  },
})
