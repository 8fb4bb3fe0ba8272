import { createFileRoute } from '@tanstack/react-router'
import { registerEndpoint } from '~/features/auth/index.server'

/** Creates the account of a verified new phone and signs it in. */
export const Route = createFileRoute('/api/auth/register')({
  server: { handlers: { POST: registerEndpoint } },
})
