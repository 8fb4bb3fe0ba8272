import { createFileRoute } from '@tanstack/react-router'
import { basketEndpoint } from '~/features/basket/index.server'

/** Spec §7: the signed-in buyer's basket, `data[]` of carts (one per seller), priced now. */
export const Route = createFileRoute('/api/cart/b2b/basket/')({
  server: { handlers: { GET: basketEndpoint } },
})
