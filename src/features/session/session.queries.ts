import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { toApiError } from '~/lib/api-error'
import { api, apiOptions } from '~/lib/http/api-client'
import { profileResponseSchema, type User } from './session.schemas'

async function fetchCurrentUser(): Promise<User | null> {
  if (typeof window === 'undefined') {
    // The profile is fetched by the browser with its cookies (spec §4 app start). Server code that
    // needs the user (route guards) reads the session through the auth server functions instead,
    // and may seed this query with `setCurrentUser`.
    throw new Error('sessionQueries.me() runs in the browser')
  }
  try {
    const body = await api
      .get('user/profile', apiOptions({ silent: true, profileFetch: true }, { retry: 0 }))
      .json()
    const parsed = v.safeParse(profileResponseSchema, body)
    if (parsed.success) return parsed.output.data
    console.error('GET /api/user/profile: unexpected shape', parsed.issues)
    return null
  } catch (error) {
    const { status } = toApiError(error)
    // 401: not signed in. 404: the endpoint is not there yet (identity, issue #4).
    if (status === 401 || status === 404) return null
    throw error
  }
}

export const sessionQueries = {
  all: ['session'] as const,
  /** The signed-in user, or null for a guest. */
  me: () =>
    queryOptions({
      queryKey: [...sessionQueries.all, 'me'] as const,
      queryFn: fetchCurrentUser,
      staleTime: 60_000,
      retry: false,
    }),
}

/** After sign-in, sign-out or a failed refresh: what the header and the guards see next. */
export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(sessionQueries.me().queryKey, user)
}
