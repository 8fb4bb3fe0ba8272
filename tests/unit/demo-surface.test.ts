import { describe, expect, it } from 'vitest'
import { HttpError } from '~/server/http/api-errors.server'
import { assertDemoSurfaceAllowed, isLoopbackAddress } from '~/server/http/demo-surface.server'

describe('the demo surface (dev outbox, sandbox bank): issue #13 §1', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])('counts %s as this machine', (ip) => {
    expect(isLoopbackAddress(ip)).toBe(true)
    expect(() => assertDemoSurfaceAllowed({ demoPublic: false }, ip)).not.toThrow()
  })

  it.each([
    '203.0.113.7',
    '10.0.0.2',
    '192.168.1.5',
    '::ffff:10.0.0.1',
    '2001:db8::1',
    '127.0.0.1.evil',
    'unknown',
    '',
  ])('answers %j with a 404 unless DEMO_PUBLIC=1', (ip) => {
    expect(isLoopbackAddress(ip)).toBe(false)
    let refused: unknown
    try {
      assertDemoSurfaceAllowed({ demoPublic: false }, ip)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(HttpError)
    expect((refused as HttpError).status).toBe(404)
    expect(() => assertDemoSurfaceAllowed({ demoPublic: true }, ip)).not.toThrow()
  })
})
