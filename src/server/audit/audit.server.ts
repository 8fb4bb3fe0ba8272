import '@tanstack/react-start/server-only'
import type { DbOrTx } from '../db/client.server'
import { auditEvents, type AuditFieldChange } from '../db/schema'
import { clearPageCache } from '../http/page-cache.server'
import { requestScope } from '../log.server'

export interface AuditEventInput {
  /** The signed-in user who made the change; null for the system. */
  actorUserId: number | null
  sellerId?: number | null
  action: string
  recordType: string
  recordId: string | number
  /** The record's fields before the change (null or omitted when it was created). */
  before?: Record<string, unknown> | null
  /** The record's fields after the change (null or omitted when it was deleted). */
  after?: Record<string, unknown> | null
  reason?: string | null
}

/**
 * The fields whose values differ between before and after, each with both values. Values are
 * compared as JSON, so dates, numbers and nested objects compare by content.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, AuditFieldChange> {
  const changes: Record<string, AuditFieldChange> = {}
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const key of keys) {
    const from = before?.[key] ?? null
    const to = after?.[key] ?? null
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { before: from, after: to }
  }
  return changes
}

/**
 * Records one change in the audit trail. Call it inside the business operation's transaction so the
 * row exists exactly when the change does. The request id comes from the current request, if any.
 */
export function recordAuditEvent(tx: DbOrTx, event: AuditEventInput): Promise<void> {
  return recordAuditEvents(tx, [event])
}

/** Records several changes of one operation (a bulk action) in one statement. */
export async function recordAuditEvents(tx: DbOrTx, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return
  const scope = requestScope.getStore()
  const requestId = scope?.requestId ?? null
  // What guests see may have changed: their cached pages go once the request's work is done
  // (after its transaction), or now for work outside a request (jobs).
  if (scope) scope.recordedChange = true
  else clearPageCache()
  await tx.insert(auditEvents).values(
    events.map((event) => ({
      actorUserId: event.actorUserId,
      sellerId: event.sellerId ?? null,
      action: event.action,
      recordType: event.recordType,
      recordId: String(event.recordId),
      changes: changedFields(event.before, event.after),
      reason: event.reason ?? null,
      requestId,
    })),
  )
}
