import { createFileRoute } from '@tanstack/react-router'
import { addItemEndpoint } from '~/features/basket/index.server'

/** Spec §7: adds {sku, quantity} to the seller's cart (adds to the quantity when already there). */
export const Route = createFileRoute('/api/cart/b2b/cart-items/')({
  server: { handlers: { POST: addItemEndpoint } },
})
