import { createFileRoute } from '@tanstack/react-router'
import { categoriesEndpoint } from '~/features/catalog/index.server'

/** Spec §7 GET {api}/categories: `data` is the category tree, with product counts. */
export const Route = createFileRoute('/api/categories')({
  server: { handlers: { GET: categoriesEndpoint } },
})
