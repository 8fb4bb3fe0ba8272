import '@tanstack/react-start/server-only'

/**
 * What may run inline: a rendered page's scripts carry the request's nonce (the router stamps it on
 * them); a page from the guests' cache (page-cache.server.ts) is the same bytes for everyone, so its
 * inline scripts are allowed by their SHA-256 hashes, computed once when the page was stored.
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] }

export type HeaderMode = { dev: boolean; https: boolean }

/**
 * Headers every response carries. Scripts from the site itself run; inline ones only by nonce or
 * hash (`InlineScripts`); styles allow inline attributes because radix positions popovers with
 * them. `dev` is Vite's development server only (its client needs inline and eval'd scripts and a
 * web socket), never a built server; `https` (PUBLIC_SITE_URL) adds HSTS.
 */
export function securityHeaders(inline: InlineScripts, { dev, https }: HeaderMode): Record<string, string> {
  const allowed =
    'nonce' in inline ? `'nonce-${inline.nonce}'` : inline.hashes.map((hash) => `'sha256-${hash}'`).join(' ')
  const scriptSrc = dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : `'self'${allowed ? ` ${allowed}` : ''}`
  const csp = [
    `default-src 'self'`,
    `script-src ${scriptSrc}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ')
  return {
    'content-security-policy': csp,
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  }
}
