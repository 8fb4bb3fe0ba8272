import { MutationCache, type QueryClientConfig } from '@tanstack/react-query'
import { isNotFound, isRedirect } from '@tanstack/react-router'
import { constants } from '#app-config'
import { isTransient, toApiError } from './api-error'
import { notify } from './notify'

const { staleMs, retries, retryDelayCapMs, gcMs } = constants.queryCache

/**
 * Spec §9: retry up to 3 times. Only failures that asking again can fix are retried: a 404, 401,
 * 403 or 422 answers the same every time, and retrying it only delays the error page.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isNotFound(error) || isRedirect(error)) return false
  return failureCount < retries && isTransient(toApiError(error))
}

/** Exponential back-off (1 s, 2 s, 4 s ...) capped at 30 s (spec §9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, retryDelayCapMs)
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean }
  }
}

/**
 * TanStack Query defaults for the app. Mutations report their failure once, whether it came from
 * the HTTP client (which already showed a toast) or from a server function (which did not).
 */
export function queryClientConfig(): QueryClientConfig {
  return {
    defaultOptions: {
      queries: { staleTime: staleMs, gcTime: gcMs, retry: shouldRetryQuery, retryDelay },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const apiError = toApiError(error)
        if (apiError.reported || apiError.status === 401 || mutation.meta?.silent) return
        notify('error', apiError.message)
        apiError.reported = true
      },
    }),
  }
}
