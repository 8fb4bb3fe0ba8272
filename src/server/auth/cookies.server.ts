import '@tanstack/react-start/server-only'
import { constants } from '#app-config'

export const ACCESS_COOKIE = 'access_token'
export const REFRESH_COOKIE = 'refresh_token'
/** Spec §3: tells the client that refreshing is pointless. Readable by scripts on purpose. */
export const REFRESH_EXPIRE_COOKIE = 'refresh_expire'

export interface CookieSpec {
  name: string
  value: string
  options: {
    httpOnly: boolean
    secure: boolean
    sameSite: 'lax'
    path: '/'
    maxAge: number
  }
}

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  accessExpiresAt: Date
  refreshExpiresAt: Date
}

const base = (secure: boolean) => ({ secure, sameSite: 'lax' as const, path: '/' as const })

/** Secure cookies whenever the public site is served over https. */
export const secureCookies = (publicSiteUrl: string) => publicSiteUrl.startsWith('https:')

export function sessionCookies(tokens: IssuedTokens, secure: boolean): CookieSpec[] {
  return [
    {
      name: ACCESS_COOKIE,
      value: tokens.accessToken,
      options: { ...base(secure), httpOnly: true, maxAge: constants.auth.accessTokenMinutes * 60 },
    },
    {
      name: REFRESH_COOKIE,
      value: tokens.refreshToken,
      options: { ...base(secure), httpOnly: true, maxAge: constants.auth.refreshTokenDays * 86_400 },
    },
    { name: REFRESH_EXPIRE_COOKIE, value: '', options: { ...base(secure), httpOnly: false, maxAge: 0 } },
  ]
}

/** Drops both tokens; with `refreshExpired` also tells the client not to try refreshing. */
export function clearedSessionCookies(secure: boolean, refreshExpired = true): CookieSpec[] {
  const cleared: CookieSpec[] = [
    { name: ACCESS_COOKIE, value: '', options: { ...base(secure), httpOnly: true, maxAge: 0 } },
    { name: REFRESH_COOKIE, value: '', options: { ...base(secure), httpOnly: true, maxAge: 0 } },
  ]
  return refreshExpired ? [...cleared, refreshExpireCookie(secure)] : cleared
}

export function refreshExpireCookie(secure: boolean): CookieSpec {
  return {
    name: REFRESH_EXPIRE_COOKIE,
    value: '1',
    options: { ...base(secure), httpOnly: false, maxAge: constants.auth.refreshTokenDays * 86_400 },
  }
}

/** Set-Cookie header value. Token values are base64url, so nothing needs escaping. */
export function serializeCookie({ name, value, options }: CookieSpec): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`, `Max-Age=${options.maxAge}`]
  if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  if (options.httpOnly) parts.push('HttpOnly')
  parts.push('SameSite=Lax')
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() !== name) continue
    const raw = part.slice(index + 1).trim()
    try {
      return decodeURIComponent(raw) || undefined
    } catch {
      return undefined
    }
  }
  return undefined
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
  return match?.[1]
}
