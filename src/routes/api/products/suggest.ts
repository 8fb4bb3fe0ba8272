import { createFileRoute } from '@tanstack/react-router'
import { suggestEndpoint } from '~/features/catalog/index.server'

/** Search-box autocomplete: `?q=` gives matching categories, brands and products. */
export const Route = createFileRoute('/api/products/suggest')({
  server: { handlers: { GET: suggestEndpoint } },
})
