import '@tanstack/react-start/server-only'
import * as v from 'valibot'
import { ApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { log, requestScope } from '../log.server'

export type FieldErrors = Record<string, string[]>

/**
 * An error the client can act on. Server routes turn it into `{ message, errors? }` with its
 * status; server functions rethrow it to the caller (Start uses `status` and `headers`).
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** Named `fieldErrors` because the client's error mapper (src/lib/api-error.ts) reads that. */
    public readonly fieldErrors?: FieldErrors,
    public readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

// Default messages are made when the error is, so they are in the request's language.
export const unauthorized = (message: string = m.server_error_sign_in()) => new HttpError(401, message)
export const forbidden = (message: string = m.server_error_forbidden()) => new HttpError(403, message)
export const notFound = (message: string = m.server_error_not_found()) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

/** 422 naming one field, e.g. `fieldError('email', 'This email is already in use')`. */
export const fieldError = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] })

/** "Too many attempts. Try again in 30 seconds." in the request's language. */
export const tooManyAttemptsMessage = (seconds: number) =>
  m.server_error_too_many_attempts({ seconds: formatNumber(seconds) })

export function tooManyRequests(retryAfterSeconds: number, message?: string): HttpError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds))
  return new HttpError(429, message ?? tooManyAttemptsMessage(wait), undefined, {
    'retry-after': String(wait),
  })
}

/**
 * A 429 from a rate limit: the client is locked out of this action for `retry-after` seconds, and
 * the web app shows the 429 page with its countdown (unlike a resend cooldown, which is a 429 the
 * form explains in place).
 */
export class RateLimitedError extends HttpError {
  readonly rateLimited = true
  constructor(retryAfterSeconds: number, message?: string) {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds))
    super(429, message ?? tooManyAttemptsMessage(wait), undefined, {
      'retry-after': String(wait),
    })
  }
}

/** valibot issues as the spec's 422 errors object: each field with its messages. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') || 'input'
    const messages = (errors[field] ??= [])
    if (!messages.includes(issue.message)) messages.push(issue.message)
  }
  return errors
}

/** The dotted path of the first string (or key) holding a NUL byte, or null when there is none. */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (depth > 32 || value === null || typeof value !== 'object') return null
  if (typeof Blob !== 'undefined' && value instanceof Blob) return null
  const entries: [string, unknown][] =
    typeof FormData !== 'undefined' && value instanceof FormData
      ? [...value.entries()].map(([k, v]) => [k, v])
      : Object.entries(value as Record<string, unknown>)
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return at
    const found = nulPath(item, at, depth + 1)
    if (found !== null) return found
  }
  return null
}

/** A server function's validator (`.validator(validate(schema))`): the parsed input, or a 422. */
export const validate =
  <S extends v.GenericSchema>(schema: S) =>
  (input: v.InferInput<S>) =>
    parseInput(schema, input)

/** Validates input at the boundary: the output, or a 422 naming every bad field. */
export function parseInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  // No text column holds a NUL byte: refused here for every schema, whatever its string rules.
  const nul = nulPath(input)
  if (nul !== null) {
    const message = m.server_error_nul_characters()
    throw new HttpError(422, message, { [nul || 'input']: [message] })
  }
  // One message per field: the first rule a value breaks is the one worth telling.
  const result = v.safeParse(schema, input ?? {}, { abortPipeEarly: true })
  if (result.success) return result.output
  const errors = issuesToFieldErrors(result.issues)
  const first = Object.values(errors)[0]?.[0] ?? m.server_error_invalid_data()
  throw new HttpError(422, first, errors)
}

const NO_STORE = { 'cache-control': 'no-store', vary: 'Cookie, Authorization' }

/** A JSON response that no shared cache may keep (every auth response depends on who asks). */
export function json(
  body: unknown,
  init: { status?: number; headers?: HeadersInit; cookies?: string[] } = {},
): Response {
  const headers = new Headers(init.headers)
  for (const [name, value] of Object.entries(NO_STORE)) if (!headers.has(name)) headers.set(name, value)
  for (const cookie of init.cookies ?? []) headers.append('set-cookie', cookie)
  return Response.json(body, { status: init.status ?? 200, headers })
}

/**
 * Maps a thrown value to the API's error response (the contract above): a known error keeps its
 * status, message, field errors and headers; anything else is logged and hidden behind a 500 that
 * names the request id.
 */
export function errorResponse(error: unknown, cookies: string[] = [], signal?: AbortSignal): Response {
  const known = toPublicError(error, { where: 'an API handler', signal })
  const body: Record<string, unknown> = { message: known.message }
  if (known.fieldErrors) body.errors = known.fieldErrors
  if (known.status >= 500) body.requestId = currentRequestId()
  return json(body, { status: known.status, headers: known.headers, cookies })
}

/** Reads a JSON body; a missing or malformed body is a 422, not a 500. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    const message = m.server_error_body_not_json()
    throw new HttpError(422, message, { body: [message] })
  }
}

/** The message of a hidden 500, in the request's language. */
export const generic500 = () => m.server_error_generic()

/** The current request's id (the `x-request-id` response header carries it too). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId
}

/** The message of a hidden 500, naming the request id a support agent can look up. */
export function internalErrorMessage(requestId = currentRequestId()): string {
  return requestId ? m.server_error_generic_reference({ reference: requestId }) : generic500()
}

/** True for the errors a closed connection produces (fetch/stream aborts). */
export function isClientAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true
  const name = (error as { name?: unknown } | null)?.name
  const code = (error as { code?: unknown } | null)?.code
  return name === 'AbortError' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE'
}

/**
 * Maps anything thrown to what a client may see. Known errors pass through; the rest are logged
 * (with the request id) and replaced by a 500 that says nothing about the cause.
 */
export function toPublicError(error: unknown, context: { where: string; signal?: AbortSignal }): HttpError {
  if (error instanceof HttpError) return error
  // The browser-side error class, thrown on purpose by a few server functions (error-page demos).
  if (error instanceof ApiError && error.status >= 400 && error.status < 600)
    return new HttpError(error.status, error.message, error.fieldErrors)
  if (isClientAbort(error, context.signal)) {
    log().info({ err: error }, `client closed the connection during ${context.where}`)
    // Nobody reads this answer; 499 keeps it out of the 5xx counts.
    return new HttpError(499, m.server_error_client_closed())
  }
  log().error({ err: error, requestId: currentRequestId() }, `unexpected error in ${context.where}`)
  return new HttpError(500, internalErrorMessage())
}
