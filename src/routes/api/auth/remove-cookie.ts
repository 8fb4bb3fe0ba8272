import { createFileRoute } from '@tanstack/react-router'
import { removeCookieEndpoint } from '~/features/auth/index.server'

/** Spec §7: clears the session cookies after a failed refresh. */
export const Route = createFileRoute('/api/auth/remove-cookie')({
  server: { handlers: { GET: removeCookieEndpoint } },
})
