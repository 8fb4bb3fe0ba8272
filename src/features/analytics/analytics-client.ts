import { constants } from '#app-config'
import type { AnalyticsEvent, AnalyticsEventName } from './analytics.schemas'

type Props = AnalyticsEvent['props']

export interface AnalyticsDeps {
  /** Sends one JSON batch. `leaving`: the page is going away, so the request must outlive it. */
  send: (body: string, leaving: boolean) => void
  now: () => number
  currentPath: () => string
  visitId: string
  maxBatch?: number
  flushIntervalMs?: number
  schedule?: (fn: () => void, ms: number) => unknown
}

export interface AnalyticsClient {
  track(name: AnalyticsEventName, props?: Props, path?: string): void
  flush(leaving?: boolean): void
  pending(): number
}

/**
 * Batches events: they go out when the batch is full, a few seconds after the first one, or when
 * the page is hidden. Telemetry never throws into the app and never retries: losing an event
 * is better than slowing a page.
 */
export function createAnalyticsClient(deps: AnalyticsDeps): AnalyticsClient {
  const maxBatch = deps.maxBatch ?? constants.analytics.maxBatch
  const interval = deps.flushIntervalMs ?? constants.analytics.flushIntervalMs
  const schedule = deps.schedule ?? ((fn, ms) => setTimeout(fn, ms))
  let queue: AnalyticsEvent[] = []
  let scheduled = false

  function flush(leaving = false) {
    scheduled = false
    while (queue.length) {
      const events = queue.slice(0, maxBatch)
      queue = queue.slice(maxBatch)
      try {
        deps.send(JSON.stringify({ visitId: deps.visitId, events }), leaving)
      } catch {
        // See above: dropped.
      }
    }
  }

  return {
    track(name, props = {}, path = deps.currentPath()) {
      queue.push({ name, props, path: path.slice(0, 500) || '/', occurredAt: Math.round(deps.now()) })
      if (queue.length >= maxBatch) flush()
      else if (!scheduled) {
        scheduled = true
        schedule(() => flush(), interval)
      }
    },
    flush,
    pending: () => queue.length,
  }
}

function randomVisitId(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

let browserClient: AnalyticsClient | null = null

/** The browser's client, created on first use; on the server every call is a no-op. */
export function analytics(): AnalyticsClient | null {
  if (typeof window === 'undefined') return null
  if (browserClient) return browserClient
  const endpoint = constants.analytics.endpoint
  const client = createAnalyticsClient({
    visitId: randomVisitId(),
    now: () => Date.now(),
    currentPath: () => window.location.pathname,
    send(body, leaving) {
      const blob = new Blob([body], { type: 'application/json' })
      if (leaving && navigator.sendBeacon?.(endpoint, blob)) return
      void fetch(endpoint, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
      }).catch(() => undefined)
    },
  })
  // The last events of a visit go out as the tab is hidden or closed.
  const leave = () => client.flush(true)
  window.addEventListener('pagehide', leave)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && leave())
  browserClient = client
  return client
}

/** Records an event; `path` defaults to the current page. */
export function track(name: AnalyticsEventName, props?: Props, path?: string): void {
  analytics()?.track(name, props, path)
}
