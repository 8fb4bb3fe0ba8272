import '@tanstack/react-start/server-only'
import { notFound } from './api-errors.server'
import type { RequestMeta } from './request-meta.server'
import { m } from '~/lib/messages'

/** 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6): the machine the server runs on. */
export function isLoopbackAddress(ip: string): boolean {
  const address = ip.replace(/^::ffff:/i, '')
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(address)
}

/**
 * Whether a request comes from the machine the server runs on: its connection does (the socket's
 * address, which no header can change), and no proxy header names another machine. A header can
 * only take "this machine" away, never grant it (issue #35 §6: `X-Forwarded-For: 127.0.0.1` from
 * elsewhere opened the outbox when TRUST_PROXY=1); and a proxy on this machine, whose connections
 * are all loopback, forwards the internet's requests with the client's address in its header.
 */
export function isFromThisMachine(meta: Pick<RequestMeta, 'peerIp' | 'forwardedIps'>): boolean {
  return isLoopbackAddress(meta.peerIp) && meta.forwardedIps.every(isLoopbackAddress)
}

/**
 * The demo's windows onto secrets (the dev outbox shows every sign-in code; the sandbox bank
 * approves any payment) answer only requests from this machine, unless DEMO_PUBLIC=1 says the
 * demo is meant to be shared (issue #13 §1). Anything else gets the same 404 as a missing page.
 */
export function assertDemoSurfaceAllowed(
  config: { demoPublic: boolean },
  meta: Pick<RequestMeta, 'peerIp' | 'forwardedIps'>,
): void {
  if (!config.demoPublic && !isFromThisMachine(meta)) throw notFound(m.server_error_not_found())
}
