import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { createIsomorphicFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { fetchSessionUser } from './auth.functions'
import type { User } from './auth.schemas'
import { toApiError } from '~/lib/api-error'
import { profileResponseSchema } from './session.schemas'

/**
 * Thrown while server rendering when the access token is gone but the refresh token still works:
 * the query fails (so nothing is sent to the browser as "guest") and the browser asks again
 * through GET /api/user/profile, whose 401 refreshes the session and reloads (spec §8).
 */
export class SessionNeedsRefresh extends Error {
  override name = 'SessionNeedsRefresh'
}

/**
 * Who is signed in. On the server (first render) through the server function, with the request's
 * cookies; in the browser through GET /api/user/profile (spec §4 app start, §7), whose 401
 * handling refreshes the session. Both give the same User, under the same query key.
 */
const loadCurrentUser = createIsomorphicFn()
  .server(async (): Promise<User | null> => {
    const session = await fetchSessionUser()
    if (!session.user && session.refreshable) throw new SessionNeedsRefresh()
    return session.user
  })
  .client(async (): Promise<User | null> => {
    // The HTTP client (ky) loads on first use, not with the page (issue #21): on a server-rendered
    // page the user is already in the cache, and this runs after hydration.
    const { api, apiOptions } = await import('~/lib/http/api-client')
    try {
      const body = await api
        .get('user/profile', apiOptions({ silent: true, profileFetch: true }, { retry: 0 }))
        .json()
      const parsed = v.safeParse(profileResponseSchema, body)
      if (parsed.success) return parsed.output.data
      console.error('GET /api/user/profile: unexpected shape', parsed.issues)
      return null
    } catch (error) {
      // 401: not signed in (the client has already tried a refresh where one could help).
      if (toApiError(error).status === 401) return null
      throw error
    }
  })

export const sessionQueries = {
  all: ['session'] as const,
  /** The signed-in user, or null for a guest: the one copy the header, menus and guards read. */
  me: () =>
    queryOptions({
      queryKey: [...sessionQueries.all, 'me'] as const,
      queryFn: () => loadCurrentUser(),
      staleTime: 60_000,
      retry: false,
    }),
}

/** The cached user, loading it first when there is none (root and layout `beforeLoad`). */
export function ensureCurrentUser(queryClient: QueryClient): Promise<User | null> {
  return queryClient.ensureQueryData(sessionQueries.me()).catch(() => null)
}

/** The user as the server sees them now, ignoring the cache (a seller just approved, say). */
export function refetchCurrentUser(queryClient: QueryClient): Promise<User | null> {
  return queryClient.fetchQuery({ ...sessionQueries.me(), staleTime: 0 }).catch(() => null)
}

/**
 * Queries whose data belongs to the signed-in user declare `meta: userScoped`; signing in or out
 * drops them, so one account never sees what the previous one loaded in this tab.
 */
export const userScoped = { userScoped: true } as const

/** After sign-in, sign-out or a failed refresh: what the header and the guards see next. */
export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.userScoped === true })
  queryClient.setQueryData(sessionQueries.me().queryKey, user)
}

/** A change to the account (names, number, seller status): the user as the server now returns it. */
export function updateCurrentUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(sessionQueries.me().queryKey, user)
}
