import { createSerializationAdapter } from '@tanstack/react-router'
import { ApiError, type FieldErrors } from './api-error'

type StatusError = Error & { status: number; fieldErrors?: FieldErrors }

function isStatusError(value: unknown): value is StatusError {
  return value instanceof Error && typeof (value as { status?: unknown }).status === 'number'
}

/**
 * Start's default serializer keeps only an error's message, so a server function's 429 or 422
 * (ApiError, or the server's HttpError) would reach the browser as a plain Error, and a page
 * rendered on the server would hydrate as a 500. This keeps status and field messages; nothing
 * else (no stack, no cause) leaves the server.
 */
export const apiErrorSerializationAdapter = createSerializationAdapter({
  key: 'omdeh/api-error',
  test: isStatusError,
  toSerializable: (error) => ({
    status: error.status,
    message: error.message,
    fieldErrors: error.fieldErrors ?? null,
  }),
  fromSerializable: (value: { status: number; message: string; fieldErrors: FieldErrors | null }) =>
    new ApiError(value.status, value.message, value.fieldErrors ?? undefined),
})
