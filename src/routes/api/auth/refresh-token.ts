import { createFileRoute } from '@tanstack/react-router'
import { refreshEndpoint } from '~/features/auth/index.server'

/** Spec §7: rotates the refresh token; the client reloads on success, goes to /auth on 401. */
export const Route = createFileRoute('/api/auth/refresh-token')({
  server: { handlers: { POST: refreshEndpoint } },
})
