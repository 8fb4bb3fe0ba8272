import { createFileRoute } from '@tanstack/react-router'
import { quantityEndpoint } from '~/features/basket/index.server'

/** Spec §7: sets the quantity of one of the caller's basket items. */
export const Route = createFileRoute('/api/cart/b2b/cart-items/$id/quantity')({
  server: { handlers: { PATCH: quantityEndpoint } },
})
