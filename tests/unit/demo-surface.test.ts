import { describe, expect, it } from 'vitest'
import { HttpError } from '~/server/http/api-errors.server'
import { assertDemoSurfaceAllowed, isLoopbackAddress } from '~/server/http/demo-surface.server'
import { requestMeta } from '~/server/http/request-meta.server'

/** A direct connection from `ip`, no proxy header. */
const direct = (ip: string) => ({ peerIp: ip, forwardedIps: [] })

function refusal(meta: { peerIp: string; forwardedIps: string[] }): unknown {
  try {
    assertDemoSurfaceAllowed({ demoPublic: false }, meta)
  } catch (error) {
    return error
  }
  return null
}

/** A Request as srvx hands it to the app on Node: the socket's address beside the headers. */
function fromSocket(remoteAddress: string, headers: Record<string, string> = {}): Request {
  const request = new Request('http://127.0.0.1:3000/dev/outbox', { headers })
  return Object.assign(request, {
    ip: remoteAddress,
    runtime: { node: { req: { socket: { remoteAddress } } } },
  })
}

describe('the demo surface (dev outbox, sandbox bank): issue #13 §1', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])('counts %s as this machine', (ip) => {
    expect(isLoopbackAddress(ip)).toBe(true)
    expect(() => assertDemoSurfaceAllowed({ demoPublic: false }, direct(ip))).not.toThrow()
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
    const refused = refusal(direct(ip))
    expect(refused).toBeInstanceOf(HttpError)
    expect((refused as HttpError).status).toBe(404)
    expect(() => assertDemoSurfaceAllowed({ demoPublic: true }, direct(ip))).not.toThrow()
  })
})

describe('"this machine" is the connection, not a header: issue #35 §6', () => {
  it.each([true, false])(
    'refuses another machine that sends X-Forwarded-For: 127.0.0.1 (TRUST_PROXY=%s)',
    (trustProxy) => {
      for (const headers of [
        { 'x-forwarded-for': '127.0.0.1' } as Record<string, string>,
        { 'x-real-ip': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
      ]) {
        const meta = requestMeta(fromSocket('203.0.113.7', headers), trustProxy)
        expect(meta.peerIp).toBe('203.0.113.7')
        expect((refusal(meta) as HttpError | null)?.status).toBe(404)
      }
    },
  )

  it('refuses the internet through a proxy on this machine (its connection is loopback, its header is not)', () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' } as Record<string, string>,
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
      { 'x-real-ip': '198.51.100.4' },
      { forwarded: 'for="[2001:db8::1]:4711"' },
      { forwarded: 'for=unknown' },
    ]) {
      const meta = requestMeta(fromSocket('127.0.0.1', headers), true)
      expect((refusal(meta) as HttpError | null)?.status, JSON.stringify(headers)).toBe(404)
    }
  })

  it('lets this machine in, directly or through a proxy on this machine', () => {
    expect(refusal(requestMeta(fromSocket('127.0.0.1'), true))).toBeNull()
    expect(refusal(requestMeta(fromSocket('::ffff:127.0.0.1'), false))).toBeNull()
    expect(refusal(requestMeta(fromSocket('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), true))).toBeNull()
    expect(refusal(requestMeta(fromSocket('::1', { forwarded: 'for="[::1]:5000"' }), true))).toBeNull()
  })

  it('still counts the forwarded address for rate limits behind a trusted proxy', () => {
    const meta = requestMeta(fromSocket('127.0.0.1', { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }), true)
    expect(meta.ip).toBe('203.0.113.7')
    expect(requestMeta(fromSocket('198.51.100.4', { 'x-forwarded-for': '203.0.113.7' }), false).ip).toBe(
      '198.51.100.4',
    )
  })
})
