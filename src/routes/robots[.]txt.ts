import { createFileRoute } from '@tanstack/react-router'
import { robotsResponse } from '~/features/catalog/catalog-seo.server'

export const Route = createFileRoute('/robots.txt')({
  server: { handlers: { GET: () => robotsResponse() } },
})
