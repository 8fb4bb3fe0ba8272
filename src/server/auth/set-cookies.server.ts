import '@tanstack/react-start/server-only'
import { setCookie } from '@tanstack/react-start/server'
import type { CookieSpec } from './cookies.server'

/** Writes cookies on the current server function's response (server routes return them instead). */
export function applyCookies(cookies: CookieSpec[]): void {
  for (const cookie of cookies) setCookie(cookie.name, cookie.value, cookie.options)
}
