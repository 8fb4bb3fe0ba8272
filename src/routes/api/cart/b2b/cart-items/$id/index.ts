import { createFileRoute } from '@tanstack/react-router'
import { removeItemEndpoint } from '~/features/basket/index.server'

/** Spec §7: removes one of the caller's basket items (404 for anyone else's). */
export const Route = createFileRoute('/api/cart/b2b/cart-items/$id/')({
  server: { handlers: { DELETE: removeItemEndpoint } },
})
