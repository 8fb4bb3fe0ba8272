import '@tanstack/react-start/server-only'
import type { ServerConfig } from '#app-config'
import { m } from '~/lib/messages'
import { serverConfig } from '../config.server'
import type { Db } from '../db/client.server'
import { getDb } from '../db/database.server'
import { HttpError, errorResponse, json } from '../http/api-errors.server'
import { requestMeta, type RequestMeta } from '../http/request-meta.server'
import { secureCookies, serializeCookie, type CookieSpec } from './cookies.server'
import { isCsrfAllowed } from './csrf.server'
import { authenticateRequest, type AuthContext } from './session.server'

export interface ApiContext {
  request: Request
  db: Db
  config: ServerConfig
  meta: RequestMeta
  /** Whether cookies get the Secure flag (the public site is https). */
  secure: boolean
  /** The caller, resolved once from the bearer header or the access cookie. */
  auth(): Promise<AuthContext | null>
}

export interface ApiReply {
  status?: number
  body: unknown
  cookies?: CookieSpec[]
  headers?: Record<string, string>
}

/** A state-changing request from another site, refused (in the request's language). */
export const csrfRefusedMessage = () => m.server_error_csrf()

/**
 * Wraps a server-route handler: CSRF check for state-changing requests, the caller's identity on
 * demand, errors as `{ message, errors? }` with their status, and no caching of anything.
 */
export function apiRoute(handler: (ctx: ApiContext) => Promise<ApiReply>) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    const config = serverConfig()
    try {
      if (!isCsrfAllowed(request, config.publicSiteUrl)) throw new HttpError(403, csrfRefusedMessage())
      const db = await getDb()
      let resolved: Promise<AuthContext | null> | undefined
      const reply = await handler({
        request,
        db,
        config,
        meta: requestMeta(request, config.trustProxy),
        secure: secureCookies(config.publicSiteUrl),
        auth: () => (resolved ??= authenticateRequest(db, request)),
      })
      return json(reply.body, {
        status: reply.status ?? 200,
        headers: reply.headers,
        cookies: (reply.cookies ?? []).map(serializeCookie),
      })
    } catch (error) {
      return errorResponse(error, [], request.signal)
    }
  }
}
