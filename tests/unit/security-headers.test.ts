import { describe, expect, it } from 'vitest'
import { securityHeaders } from '~/server/http/security-headers.server'

describe('security headers (issue #13 §6)', () => {
  it('a built server sends the nonce CSP: no inline or eval scripts, no web sockets', () => {
    const headers = securityHeaders('abc123', { dev: false, https: false })
    const csp = headers['content-security-policy']!
    const directives = csp.split('; ')
    expect(directives.find((d) => d.startsWith('script-src'))).toBe(`script-src 'self' 'nonce-abc123'`)
    expect(directives.find((d) => d.startsWith('connect-src'))).toBe(`connect-src 'self'`)
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain(`frame-ancestors 'none'`)
    expect(headers['strict-transport-security']).toBeUndefined()
  })

  it('adds HSTS when the site is served over https', () => {
    expect(securityHeaders('n', { dev: false, https: true })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it("relaxes scripts only for Vite's development server", () => {
    expect(securityHeaders('n', { dev: true, https: false })['content-security-policy']).toContain(
      `script-src 'self' 'unsafe-inline' 'unsafe-eval'`,
    )
  })
})
