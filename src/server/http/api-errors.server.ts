import '@tanstack/react-start/server-only'
import * as v from 'valibot'
import { log } from '../log.server'

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

export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message)
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

/** 422 naming one field, e.g. `fieldError('email', 'This email is already in use')`. */
export const fieldError = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] })

export function tooManyRequests(retryAfterSeconds: number, message?: string): HttpError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds))
  return new HttpError(429, message ?? `Too many attempts. Try again in ${wait} seconds.`, undefined, {
    'retry-after': String(wait),
  })
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

/** Validates input at the boundary: the output, or a 422 naming every bad field. */
export function parseInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  // One message per field: the first rule a value breaks is the one worth telling.
  const result = v.safeParse(schema, input ?? {}, { abortPipeEarly: true })
  if (result.success) return result.output
  const errors = issuesToFieldErrors(result.issues)
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.'
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

/** Maps a thrown value to the API's error response; anything unexpected is logged and hidden. */
export function errorResponse(error: unknown, cookies: string[] = []): Response {
  if (error instanceof HttpError) {
    const body = error.fieldErrors
      ? { message: error.message, errors: error.fieldErrors }
      : { message: error.message }
    return json(body, { status: error.status, headers: error.headers, cookies })
  }
  log().error({ err: error }, 'unexpected error in an API handler')
  return json({ message: 'Something went wrong on our end' }, { status: 500, cookies })
}

/** Reads a JSON body; a missing or malformed body is a 422, not a 500. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HttpError(422, 'The request body must be JSON', { body: ['The request body must be JSON'] })
  }
}
