import { createFileRoute } from '@tanstack/react-router'
import { logoutEndpoint } from '~/features/auth/index.server'

/** Spec §7: revokes the session (cookie or bearer) and clears the cookies. */
export const Route = createFileRoute('/api/auth/logout')({
  server: { handlers: { POST: logoutEndpoint } },
})
