import { createFileRoute } from '@tanstack/react-router'
import { profileEndpoint } from '~/features/auth/index.server'

/** Spec §7: the signed-in user under `data`; 401 when signed out. */
export const Route = createFileRoute('/api/user/profile')({
  server: { handlers: { GET: profileEndpoint } },
})
