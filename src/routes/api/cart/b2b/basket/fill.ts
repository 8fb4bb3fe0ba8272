import { createFileRoute } from '@tanstack/react-router'
import { fillEndpoint } from '~/features/basket/index.server'

/** Spec §7: merges the guest basket's items into the signed-in basket (Idempotency-Key honoured). */
export const Route = createFileRoute('/api/cart/b2b/basket/fill')({
  server: { handlers: { POST: fillEndpoint } },
})
