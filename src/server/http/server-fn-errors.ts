import { createMiddleware } from '@tanstack/react-start'
import { getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { isNotFound, isRedirect } from '@tanstack/react-router'
import { HttpError } from './api-errors.server'
import {
  isUnknownServerFnError,
  serverFnCall,
  toPublicError,
  unknownFunctionMessage,
} from './error-contract.server'

/**
 * Global server-function middleware (registered in src/start.ts): the error contract of
 * src/server/http/error-contract.server.ts for every server function. A known error keeps its
 * status and headers on the HTTP response (Start would answer 200 with the status only in the
 * body); anything else becomes a logged 500 with the request id. Redirects and notFound() pass.
 */
export const serverFnErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const call = serverFnCall.getStore()
  if (call) call.started = true
  try {
    return await next()
  } catch (error) {
    if (isRedirect(error) || isNotFound(error) || error instanceof Response) throw error
    const request = getRequest()
    const publicError = toPublicError(error, { where: 'a server function', signal: request.signal })
    // Only an HTTP call of a server function gets the status; a call made while rendering a page
    // on the server must not change that page's status.
    if (call) {
      call.handled = true
      setResponseStatus(publicError.status)
      for (const [name, value] of Object.entries(publicError.headers ?? {})) setResponseHeader(name, value)
    }
    throw publicError
  }
})

/**
 * Global request middleware: an id that names no server function answers 404 (Start throws a
 * plain Error for it, which would be a 500).
 */
export const unknownServerFnIs404 = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (isUnknownServerFnError(error)) throw new HttpError(404, unknownFunctionMessage())
    throw error
  }
})
