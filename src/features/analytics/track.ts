import type { AnalyticsEvent, AnalyticsEventName } from './analytics.schemas'

/**
 * Records an event, like analytics-client.ts's `track`, for the code every page loads first (the
 * shell, the session, the basket page): the client that batches and sends loads with the first
 * event instead of with the page (issue #21). The page is taken now; on the server, nothing.
 */
export function track(name: AnalyticsEventName, props?: AnalyticsEvent['props'], path?: string): void {
  if (typeof window === 'undefined') return
  const page = path ?? window.location.pathname
  void import('./analytics-client').then(
    (client) => client.track(name, props, page),
    () => undefined, // telemetry never throws into the app (see analytics-client.ts)
  )
}
