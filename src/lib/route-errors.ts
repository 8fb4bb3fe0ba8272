import { isNotFound, notFound, SearchParamError } from '@tanstack/react-router'

/** What a not-found carries to the 404 page. */
export interface NotFoundData {
  /** Shown instead of the page's default text (a validator's own message). */
  message?: string
  /** The URL failed its route's validation: the page says "Page Not Found: {path}". */
  invalidUrl?: boolean
}

/**
 * A route's `onError`: when its search parameters fail validation, the page is a 404 (spec §5,
 * §8) instead of a crash. A validator that throws its own notFound keeps its message. Any other
 * error is rethrown unchanged, to reach the error page.
 */
export function notFoundOnInvalidSearch(error: unknown): void {
  if (!(error instanceof SearchParamError)) throw error
  if (isNotFound(error.cause)) throw error.cause
  throw notFound({ data: { invalidUrl: true } satisfies NotFoundData })
}

/** For `params.parse`: a path parameter that cannot be right is a page that does not exist. */
export function invalidParam(): never {
  throw notFound({ data: { invalidUrl: true } satisfies NotFoundData })
}

/** `params.parse` for a route with a numeric `$id` (1 to 999999999); anything else is a 404. */
export function parseIdParam({ id }: { id: string }): { id: string } {
  return /^\d{1,9}$/.test(id) && Number(id) > 0 ? { id } : invalidParam()
}
