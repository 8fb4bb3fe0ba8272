import type { HTTPError } from 'ky'
import { m } from './messages'

// ky's errors told apart by name, as ky's own guards do for errors from another realm: importing
// its guards would put all of ky (about 8 KB gzip) in every page's first load, since this module
// is (the query client reports errors with it), while the HTTP client itself loads on first use.
const named = (error: unknown, name: string) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name
const isHTTPError = (error: unknown): error is HTTPError => named(error, 'HTTPError')
const isTimeoutError = (error: unknown) => named(error, 'TimeoutError')
const isNetworkError = (error: unknown) => named(error, 'NetworkError')

/** Per-field validation messages, as a 422 response's `errors` object carries them. */
export type FieldErrors = Record<string, string[]>

// Messages in the page's language, made when the error is (never at module load).
/** A 404's message for the caller (an error page or an empty state). */
export const moduleNotFoundMessage = () => m.server_client_not_found()
const networkMessage = () => m.server_client_network()
const genericMessage = () => m.server_client_generic()
const invalidMessage = () => m.server_client_invalid()

/**
 * An API failure the UI can act on: the HTTP status (0 when no response came back), a message
 * for people, and per-field messages for 422s. Server functions throw it too; its own properties
 * survive the trip to the browser, so one mapper serves ky calls and server functions alike.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly fieldErrors?: FieldErrors
  /** A 429's Retry-After, in seconds, when the server sent one. */
  readonly retryAfter?: number
  /** A 429 from a rate limit (locked out for `retryAfter`), not a cooldown the form explains. */
  readonly rateLimited?: boolean
  /** Set once a toast has told the user, so that a second handler does not repeat it. */
  reported = false

  constructor(
    status: number,
    message: string,
    fieldErrors?: FieldErrors,
    limit?: { retryAfter?: number; rateLimited?: boolean },
  ) {
    super(message)
    this.status = status
    if (fieldErrors && Object.keys(fieldErrors).length) this.fieldErrors = fieldErrors
    if (limit?.retryAfter !== undefined && Number.isFinite(limit.retryAfter) && limit.retryAfter > 0)
      this.retryAfter = Math.ceil(limit.retryAfter)
    if (limit?.rateLimited) this.rateLimited = true
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The `errors` object of a 422 body, normalised to arrays of strings. */
export function fieldErrorsFrom(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined
  const out: FieldErrors = {}
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && m.length > 0,
    )
    if (list.length) out[field] = list
  }
  return Object.keys(out).length ? out : undefined
}

function messageFrom(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim() && body.length < 300 && !body.trimStart().startsWith('<'))
    return body.trim()
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim()) return body.message.trim()
  return undefined
}

/**
 * Spec §5: a 422 shows its errors object, each field's messages joined by line breaks, or the
 * general message when there is no errors object.
 */
export function validationMessage(body: unknown): string {
  const fields = fieldErrorsFrom(body)
  if (fields) return Object.values(fields).flat().join('\n')
  return messageFrom(body) ?? invalidMessage()
}

/** An ApiError from a status, a parsed response body and (for a 429) its Retry-After header. */
export function apiErrorFromResponse(status: number, body: unknown, retryAfter?: string | null): ApiError {
  if (status === 404) return new ApiError(404, moduleNotFoundMessage())
  if (status === 422) return new ApiError(422, validationMessage(body), fieldErrorsFrom(body))
  const limit = status === 429 && retryAfter ? { retryAfter: Number(retryAfter) } : undefined
  return new ApiError(status, messageFrom(body) ?? genericMessage(), undefined, limit)
}

/** Maps anything thrown by ky, a server function or fetch into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (isHTTPError(error))
    return apiErrorFromResponse(error.response.status, error.data, error.response.headers.get('retry-after'))
  if (isTimeoutError(error)) return new ApiError(408, networkMessage())
  if (isNetworkError(error)) return new ApiError(0, networkMessage())
  // A server function's thrown error arrives as a plain Error that kept its own properties.
  if (isRecord(error) && typeof error.status === 'number') {
    const status = error.status
    const given = typeof error.message === 'string' && error.message ? error.message : null
    const message = given ?? genericMessage()
    if (status === 404) return new ApiError(404, given ?? moduleNotFoundMessage())
    const fields = isRecord(error.fieldErrors) ? fieldErrorsFrom({ errors: error.fieldErrors }) : undefined
    const retryAfter = typeof error.retryAfter === 'number' ? error.retryAfter : undefined
    return new ApiError(status, message, fields, { retryAfter, rateLimited: error.rateLimited === true })
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message))
    return new ApiError(0, networkMessage())
  return new ApiError(500, genericMessage())
}

/** Statuses worth asking again for: time-outs, conflicts, rate limits, server faults and no answer. */
export function isTransient(error: ApiError): boolean {
  return (
    error.status === 0 ||
    error.status === 408 ||
    error.status === 425 ||
    error.status === 429 ||
    error.status >= 500
  )
}
