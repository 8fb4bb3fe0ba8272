import { createFileRoute } from '@tanstack/react-router'
import { productDetailEndpoint } from '~/features/catalog/index.server'

/** A product with its live offers and their price tiers. */
export const Route = createFileRoute('/api/products/$slug')({
  server: { handlers: { GET: productDetailEndpoint } },
})
