import { createFileRoute } from '@tanstack/react-router'
import { passwordEndpoint } from '~/features/auth/index.server'

/** Signs in with phone and password. */
export const Route = createFileRoute('/api/auth/password')({
  server: { handlers: { POST: passwordEndpoint } },
})
