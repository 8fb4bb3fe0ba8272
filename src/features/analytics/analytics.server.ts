import '@tanstack/react-start/server-only'
import { minutes } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { analyticsEvents } from '~/server/db/schema'
import type { RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import type { AnalyticsBatch } from './analytics.schemas'

/**
 * Batches one client address may send (issue #13 §4): a browser sends one every few seconds at
 * most, and mobile carriers put many people behind one address, so this is set to stop a script
 * filling the table, not a busy address. Over it, a 429 and nothing is stored.
 */
export const analyticsPerClient = {
  name: 'analytics:ip',
  limit: 300,
  windowMs: minutes(10),
} satisfies RateLimitRule

/** Client clocks drift; an event stamped more than a day away from now is stamped now instead. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000

export async function storeAnalyticsBatch(
  db: DbOrTx,
  batch: AnalyticsBatch,
  meta: { userAgent: string | null; receivedAt?: Date },
): Promise<number> {
  const receivedAt = meta.receivedAt ?? new Date()
  const rows = batch.events.map((event) => {
    const skewed = Math.abs(event.occurredAt - receivedAt.getTime()) > MAX_CLOCK_SKEW_MS
    return {
      name: event.name,
      visitId: batch.visitId,
      path: event.path,
      props: event.props,
      occurredAt: skewed ? receivedAt : new Date(event.occurredAt),
      receivedAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    }
  })
  await db.insert(analyticsEvents).values(rows)
  return rows.length
}

/**
 * An event the server witnessed itself (e.g. a payment outcome), stored beside the browser's events.
 * Server events are not accepted from the browser endpoint, so nobody can fake them from outside.
 * `visitId` is "server"; `path` names where it happened.
 */
export async function recordServerEvent(
  db: DbOrTx,
  event: { name: string; path: string; props?: Record<string, string | number | boolean | null>; at: Date },
): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: event.name,
    visitId: 'server',
    path: event.path,
    props: event.props ?? {},
    occurredAt: event.at,
    receivedAt: event.at,
    userAgent: null,
  })
}
