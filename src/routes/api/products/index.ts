import { createFileRoute } from '@tanstack/react-router'
import { productsEndpoint } from '~/features/catalog/index.server'

/** The /product listing as JSON: the same query parameters, `data` the cards, `meta` and `facets`. */
export const Route = createFileRoute('/api/products/')({
  server: { handlers: { GET: productsEndpoint } },
})
