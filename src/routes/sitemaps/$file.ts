import { createFileRoute } from '@tanstack/react-router'
import { sitemapFileResponse } from '~/features/catalog/index.server'

/** /sitemaps/pages.xml and /sitemaps/products-N.xml. */
export const Route = createFileRoute('/sitemaps/$file')({
  server: { handlers: { GET: ({ params }) => sitemapFileResponse(params.file) } },
})
