import { createFileRoute } from '@tanstack/react-router'
import { robotsResponse } from '~/features/catalog/index.server'

export const Route = createFileRoute('/robots.txt')({
  server: { handlers: { GET: () => robotsResponse() } },
})
