import '@tanstack/react-start/server-only'

/**
 * Headers every response carries. Scripts need the request's nonce (the router stamps it on the
 * scripts it renders); styles allow inline attributes because radix positions popovers with them.
 * `dev` is Vite's development server only (its client needs inline and eval'd scripts and a web
 * socket), never a built server; `https` (PUBLIC_SITE_URL) adds HSTS.
 */
export function securityHeaders(
  nonce: string,
  { dev, https }: { dev: boolean; https: boolean },
): Record<string, string> {
  const scriptSrc = dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`
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
