import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useHydrated, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { api } from '~/lib/http/api-client'
import { track } from '~/features/analytics/analytics-client'
import { sessionQueries, setCurrentUser } from './session.queries'
import type { User } from './session.schemas'

/**
 * The signed-in user; `pending` until the browser has asked. Until this component has hydrated it
 * reports what the server rendered (pending), even if the answer already came in meanwhile.
 */
export function useCurrentUser(): { user: User | null; pending: boolean } {
  const query = useQuery(sessionQueries.me())
  const hydrated = useHydrated()
  if (!hydrated) return { user: null, pending: true }
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
      await api.post('auth/logout')
      await fetch('/api/auth/remove-cookie', { credentials: 'same-origin' }).catch(() => undefined)
    } catch {
      // Already signed out on the server, or offline: clear this browser's state regardless.
    }
    track('auth_logout')
    setCurrentUser(queryClient, null)
    await navigate({ to: '/' })
  }, [queryClient, navigate])
}
