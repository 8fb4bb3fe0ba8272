import { createFileRoute } from '@tanstack/react-router'
import { sitemapIndexResponse } from '~/features/catalog/index.server'

/** The sitemap index: the pages file and the product files. */
export const Route = createFileRoute('/sitemap.xml')({
  server: { handlers: { GET: () => sitemapIndexResponse() } },
})
