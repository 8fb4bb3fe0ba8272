import '@tanstack/react-start/server-only'
import { AsyncLocalStorage } from 'node:async_hooks'
import { m } from '~/lib/messages'

/**
 * The one error contract of server functions and API routes:
 * - an HttpError keeps its status, message, field errors and headers;
 * - anything else becomes a 500 with a generic message and the request id, and the full error is
 *   logged at `error` level with that request id; no SQL, stack or parameter reaches the client;
 * - a client that went away is not a server failure: it is logged at `info`, not as a 500.
 */

export {
  currentRequestId,
  generic500,
  internalErrorMessage,
  isClientAbort,
  toPublicError,
} from './api-errors.server'

/** State of the current server-function request, read by src/server.ts after Start answered. */
export interface ServerFnCall {
  /** Set once the function's middleware chain runs: the id resolved and the payload decoded. */
  started: boolean
  /** Set when the contract chose the response status. */
  handled: boolean
}

export const serverFnCall = new AsyncLocalStorage<ServerFnCall>()

export const SERVER_FN_PREFIX = '/_serverFn/'

/** The 400 message of a payload that is not JSON, in the request's language. */
export const malformedPayloadMessage = () => m.server_error_malformed_payload()
export const unknownFunctionMessage = () => m.server_error_not_found()

/**
 * Checks what can be checked before Start decodes a server-function request: the payload of a GET
 * (`?payload=`) or the JSON body of a POST must be JSON. Returns a 400 message or null.
 */
export async function malformedServerFnPayload(request: Request): Promise<string | null> {
  const url = new URL(request.url)
  let text: string | null = null
  if (request.method === 'GET') text = url.searchParams.get('payload')
  else if ((request.headers.get('content-type') ?? '').includes('application/json'))
    text = await request.clone().text()
  if (text === null || text === '') return null
  try {
    const parsed = JSON.parse(text) as unknown
    return parsed !== null && typeof parsed === 'object' ? null : malformedPayloadMessage()
  } catch {
    return malformedPayloadMessage()
  }
}

/** Start's messages for an id that names no server function (or one the client may not call). */
export function isUnknownServerFnError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : ''
  return /^(Server function info not found|Server function not accessible from client|Server function module (export )?not resolved|Invalid server action param)/.test(
    message,
  )
}
