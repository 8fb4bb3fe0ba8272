import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { AUTH_EVENTS } from './auth-events'
import type { User } from './auth.schemas'
import { trackDeferred as track } from '~/features/analytics'
import { sessionQueries, setCurrentUser } from './session.queries'

/**
 * The signed-in user. The server renders with the user already loaded (the root's beforeLoad), so
 * the first paint and hydration agree; `pending` only while nobody has answered yet (a session
 * that must be refreshed in the browser first).
 */
export function useCurrentUser(): { user: User | null; pending: boolean } {
  const query = useQuery(sessionQueries.me())
  return { user: query.data ?? null, pending: query.isPending }
}

/**
 * Spec §7: POST logout (bearer token), then the cookie removal; the user is cleared either way so
 * that a failed call never leaves a half-signed-in screen. The server's message (or its error)
 * shows as a toast, like any call's.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    try {
      // The HTTP client (ky) loads on first use, not with the page (issue #21).
      const { api } = await import('~/lib/http/api-client')
      await api.post('auth/logout')
      await fetch('/api/auth/remove-cookie', { credentials: 'same-origin' }).catch(() => undefined)
    } catch {
      // Already signed out on the server, or offline: clear this browser's state regardless.
    }
    track(AUTH_EVENTS.logout)
    // Leave the page first: a signed-in page (the seller dashboard, say) would otherwise ask again
    // for data that is no longer the user's, in the moment before the home page replaces it.
    await navigate({ to: '/' })
    setCurrentUser(queryClient, null)
  }, [queryClient, navigate])
}
