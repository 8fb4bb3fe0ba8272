import { createFileRoute } from '@tanstack/react-router'
import { magazineOgImageResponse } from '~/features/magazines/index.server'

/** A published magazine's Open Graph image (its cover, 1200×630 PNG). */
export const Route = createFileRoute('/magazine/$identify/cover.png')({
  server: { handlers: { GET: ({ request, params }) => magazineOgImageResponse(request, params.identify) } },
})
