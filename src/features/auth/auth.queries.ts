import { queryOptions } from '@tanstack/react-query'
import { fetchSessionUser } from './auth.functions'

export const authQueries = {
  all: ['auth'] as const,
  /** The signed-in user read on the server (SSR, route guards); null for a guest. */
  sessionUser: () =>
    queryOptions({
      queryKey: [...authQueries.all, 'session-user'] as const,
      queryFn: () => fetchSessionUser(),
    }),
}
