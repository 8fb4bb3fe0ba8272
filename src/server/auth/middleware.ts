import { createMiddleware } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { serverConfig } from '../config.server'
import { getDb } from '../db/database.server'
import { HttpError } from '../http/api-errors.server'
import { requestMeta } from '../http/request-meta.server'
import { csrfRefusedMessage } from './api-route.server'
import { secureCookies } from './cookies.server'
import { isCsrfAllowed } from './csrf.server'
import { requireUser } from './guards.server'
import { authenticateRequest, type AuthContext } from './session.server'

/**
 * Who is calling, read once per request: a page's render runs a server function per piece of data
 * (a seller's page, several), each of which would otherwise read the session again.
 */
const authOfRequest = new WeakMap<Request, Promise<AuthContext | null>>()
function authenticateOnce(db: Parameters<typeof authenticateRequest>[0], request: Request) {
  let auth = authOfRequest.get(request)
  if (!auth) {
    auth = authenticateRequest(db, request)
    authOfRequest.set(request, auth)
  }
  return auth
}

/**
 * Server-function middleware: refuses cross-site calls that carry the session cookies (whatever
 * src/start.ts registers), then puts the database, the request's metadata and the caller (or null)
 * into `context`. Operations authorise with the guards on `context.auth`.
 */
export const authContext = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const request = getRequest()
  const config = serverConfig()
  if (!isCsrfAllowed(request, config.publicSiteUrl)) throw new HttpError(403, csrfRefusedMessage())
  const db = await getDb()
  const auth = await authenticateOnce(db, request)
  return next({
    context: {
      db,
      auth,
      meta: requestMeta(request, config.trustProxy),
      secureCookies: secureCookies(config.publicSiteUrl),
    },
  })
})

/** As authContext, and a 401 before the handler runs when nobody is signed in. */
export const signedIn = createMiddleware({ type: 'function' })
  .middleware([authContext])
  .server(async ({ next, context }) => next({ context: { auth: requireUser(context.auth) } }))
