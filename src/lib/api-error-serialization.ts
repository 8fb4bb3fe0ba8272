import { createSerializationAdapter } from '@tanstack/react-router'
import { ApiError, type FieldErrors } from './api-error'

type StatusError = Error & {
  status: number
  fieldErrors?: FieldErrors
  /** ApiError's own, or the server's HttpError headers. */
  retryAfter?: number
  headers?: Record<string, string>
  rateLimited?: boolean
}

function isStatusError(value: unknown): value is StatusError {
  return value instanceof Error && typeof (value as { status?: unknown }).status === 'number'
}

function retryAfterOf(error: StatusError): number | null {
  const seconds = error.retryAfter ?? Number(error.headers?.['retry-after'])
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null
}

interface SerializedError {
  status: number
  message: string
  fieldErrors: FieldErrors | null
  retryAfter: number | null
  rateLimited: boolean
}

/**
 * Start's default serializer keeps only an error's message, so a server function's 429 or 422
 * (ApiError, or the server's HttpError) would reach the browser as a plain Error, and a page
 * rendered on the server would hydrate as a 500. This keeps the status, the field messages and a
 * 429's Retry-After (and whether it is a rate limit); nothing else (no stack, no cause) leaves the
 * server.
 */
export const apiErrorSerializationAdapter = createSerializationAdapter({
  key: 'omdeh/api-error',
  test: isStatusError,
  toSerializable: (error): SerializedError => ({
    status: error.status,
    message: error.message,
    fieldErrors: error.fieldErrors ?? null,
    retryAfter: error.status === 429 ? retryAfterOf(error) : null,
    rateLimited: error.rateLimited === true,
  }),
  fromSerializable: (value: SerializedError) =>
    new ApiError(value.status, value.message, value.fieldErrors ?? undefined, {
      retryAfter: value.retryAfter ?? undefined,
      rateLimited: value.rateLimited,
    }),
})
