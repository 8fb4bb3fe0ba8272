import '@tanstack/react-start/server-only'
import { ACCESS_COOKIE, REFRESH_COOKIE, bearerToken, readCookie } from './cookies.server'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(url: string | null): string | null {
  if (!url) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * Cross-site request forgery check. Browsers attach cookies to cross-site requests, so a
 * state-changing request that carries session cookies (or announces a browser Origin) must come
 * from this app: its Origin, else its Referer, must be PUBLIC_SITE_URL or the request's own
 * origin. Requests that authenticate with `Authorization: Bearer` and send no cookies cannot be
 * forged by another site and are exempt, as are non-browser clients that send neither.
 */
export function isCsrfAllowed(request: Request, publicSiteUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true
  // A bearer request is authenticated by its header alone (cookies are then ignored), and no
  // other site can make a browser add that header without a CORS preflight we never grant.
  if (bearerToken(request)) return true
  const hasCookies = Boolean(readCookie(request, ACCESS_COOKIE) || readCookie(request, REFRESH_COOKIE))
  const origin = request.headers.get('origin')
  const referer = originOf(request.headers.get('referer'))
  const claimed = origin && origin !== 'null' ? origin : referer
  if (!hasCookies && !origin) return true
  if (!claimed) return false
  const allowed = new Set([originOf(publicSiteUrl), new URL(request.url).origin])
  return allowed.has(claimed)
}
