import '@tanstack/react-start/server-only'
import { log } from '~/server/log.server'
import type { AuthEventName } from './auth-events'

export type AuthEventProps = Record<string, string | number | boolean | null | undefined>

/** +989120000001 → +98912***0001: enough to follow a flow in the logs, not enough to harvest. */
export function maskPhone(phone: string): string {
  return phone.length > 8 ? `${phone.slice(0, 6)}***${phone.slice(-4)}` : '***'
}

/**
 * Server-side auth analytics: one structured log line per event. The analytics store
 * (features/analytics) can pick these up; until then the log is the record.
 */
export function trackAuthEvent(name: AuthEventName, props: AuthEventProps = {}): void {
  log().info({ analytics: 'auth', event: name, ...props }, name)
}
