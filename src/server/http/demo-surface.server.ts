import '@tanstack/react-start/server-only'
import { notFound } from './api-errors.server'
import { m } from '~/lib/messages'

/** 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6): the machine the server runs on. */
export function isLoopbackAddress(ip: string): boolean {
  const address = ip.replace(/^::ffff:/i, '')
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(address)
}

/**
 * The demo's windows onto secrets (the dev outbox shows every sign-in code; the sandbox bank
 * approves any payment) answer only requests from this machine, unless DEMO_PUBLIC=1 says the
 * demo is meant to be shared (issue #13 §1). Anything else gets the same 404 as a missing page.
 */
export function assertDemoSurfaceAllowed(config: { demoPublic: boolean }, ip: string): void {
  if (!config.demoPublic && !isLoopbackAddress(ip)) throw notFound(m.server_error_not_found())
}
