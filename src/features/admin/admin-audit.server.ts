import '@tanstack/react-start/server-only'
import { and, count, desc, eq, gte, like, lt } from 'drizzle-orm'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { DbOrTx } from '~/server/db/client.server'
import { auditEvents, sellers, users } from '~/server/db/schema'
import { m } from '~/lib/messages'
import { tehranDayEnd, tehranDayStart } from '~/lib/tehran-time'
import { AUDIT_PER_PAGE, type AuditFilters, type AuditPage } from './admin.schemas'

/** A changed value as the page shows it: text as is, anything else as JSON, nothing as null. */
const shown = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value)

/**
 * /admin/audit: the audit trail, newest first. `action` matches a whole action or, ending in a dot,
 * every action under it (`user.`). Days are Tehran days, `to` inclusive.
 */
export async function listAuditEvents(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: AuditFilters,
): Promise<AuditPage> {
  requireAdmin(auth)
  const page = filters.page ?? 1
  const perPage = filters.per_page ?? AUDIT_PER_PAGE
  const action = filters.action?.trim()
  const where = and(
    filters.actor ? eq(auditEvents.actorUserId, filters.actor) : undefined,
    filters.seller ? eq(auditEvents.sellerId, filters.seller) : undefined,
    action
      ? action.endsWith('.')
        ? like(auditEvents.action, `${action.replace(/_/g, '\\_')}%`)
        : eq(auditEvents.action, action)
      : undefined,
    filters.record_type ? eq(auditEvents.recordType, filters.record_type) : undefined,
    filters.record !== undefined && filters.record !== ''
      ? eq(auditEvents.recordId, String(filters.record))
      : undefined,
    filters.from ? gte(auditEvents.createdAt, tehranDayStart(filters.from)) : undefined,
    filters.to ? lt(auditEvents.createdAt, tehranDayEnd(filters.to)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        event: auditEvents,
        actorFirst: users.firstName,
        actorLast: users.lastName,
        actorPhone: users.cellphone,
        sellerName: sellers.displayName,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .leftJoin(sellers, eq(sellers.id, auditEvents.sellerId))
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(auditEvents).where(where),
  ])
  return {
    items: rows.map(({ event, actorFirst, actorLast, actorPhone, sellerName }) => ({
      id: event.id,
      created_at: event.createdAt.toISOString(),
      actor:
        event.actorUserId === null
          ? null
          : {
              id: event.actorUserId,
              name:
                [actorFirst, actorLast].filter(Boolean).join(' ') ||
                actorPhone ||
                m.admin_audit_user_n({ id: String(event.actorUserId) }),
            },
      seller:
        event.sellerId === null
          ? null
          : {
              id: event.sellerId,
              name: sellerName ?? m.admin_audit_seller_n({ id: String(event.sellerId) }),
            },
      action: event.action,
      record_type: event.recordType,
      record_id: event.recordId,
      changes: Object.entries(event.changes).map(([field, change]) => ({
        field,
        before: shown(change.before),
        after: shown(change.after),
      })),
      reason: event.reason,
      request_id: event.requestId,
    })),
    total: total?.n ?? 0,
    page,
    per_page: perPage,
  }
}
