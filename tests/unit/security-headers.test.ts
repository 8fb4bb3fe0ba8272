import { describe, expect, it } from 'vitest'
import { securityHeaders } from '~/server/http/security-headers.server'

const scriptSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('script-src'))

describe('security headers (issue #13 §6)', () => {
  it('a built server sends the nonce CSP: no inline or eval scripts, no web sockets', () => {
    const headers = securityHeaders({ nonce: 'abc123' }, { dev: false, https: false })
    const csp = headers['content-security-policy']!
    const directives = csp.split('; ')
    expect(scriptSrc(csp)).toBe(`script-src 'self' 'nonce-abc123'`)
    expect(directives.find((d) => d.startsWith('connect-src'))).toBe(`connect-src 'self'`)
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain(`frame-ancestors 'none'`)
    expect(headers['strict-transport-security']).toBeUndefined()
  })

  it("a stored page's CSP allows exactly its inline scripts' hashes, and no nonce or inline script", () => {
    const csp = securityHeaders({ hashes: ['aGFzaC1vbmU=', 'aGFzaC10d28='] }, { dev: false, https: false })[
      'content-security-policy'
    ]!
    expect(scriptSrc(csp)).toBe(`script-src 'self' 'sha256-aGFzaC1vbmU=' 'sha256-aGFzaC10d28='`)
    expect(csp).not.toContain('nonce')
    expect(csp).not.toContain('unsafe-eval')
    const none = securityHeaders({ hashes: [] }, { dev: false, https: false })['content-security-policy']!
    expect(scriptSrc(none)).toBe(`script-src 'self'`)
  })

  it('adds HSTS when the site is served over https', () => {
    expect(securityHeaders({ nonce: 'n' }, { dev: false, https: true })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it("relaxes scripts only for Vite's development server", () => {
    expect(securityHeaders({ nonce: 'n' }, { dev: true, https: false })['content-security-policy']).toContain(
      `script-src 'self' 'unsafe-inline' 'unsafe-eval'`,
    )
  })
})
