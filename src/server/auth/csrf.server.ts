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

/**
 * For the one GET that changes something (GET /api/auth/remove-cookie, spec §7): a cross-site
 * link or image must not sign a user out. The browser's Sec-Fetch-Site says where a request comes
 * from ('none' is a typed address or a bookmark); without it, an Origin or Referer from another
 * site refuses it. Non-browser clients send none of these and are allowed.
 */
export function isSameSiteGet(request: Request, publicSiteUrl: string): boolean {
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none'
  const origin = request.headers.get('origin')
  const claimed = origin && origin !== 'null' ? origin : originOf(request.headers.get('referer'))
  if (!claimed) return true
  return new Set([originOf(publicSiteUrl), new URL(request.url).origin]).has(claimed)
}
