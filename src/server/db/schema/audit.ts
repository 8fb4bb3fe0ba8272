import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { sellers, users } from './people'

/** One changed field: its value before and after the change (null where it did not exist). */
export type AuditFieldChange = { before: unknown; after: unknown }

/**
 * The audit trail (DOMAIN.md "Audit trail"): one row per seller-side or admin-side change, written in
 * the same transaction as the change itself.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Who did it; null for the system (scheduled tasks). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The seller the change was made for (the actor's own, or the one an observer or admin acted on). */
    sellerId: integer('seller_id').references(() => sellers.id, { onDelete: 'set null' }),
    /** Dotted action name, e.g. `store.create`, `sku.stock_adjust`, `seller.suspend`. */
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    changes: jsonb('changes').$type<Record<string, AuditFieldChange>>().notNull().default({}),
    /** Free text the actor gave (a reason), if any. */
    reason: text('reason'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_seller_idx').on(t.sellerId, t.createdAt),
    index('audit_events_record_idx').on(t.recordType, t.recordId, t.createdAt),
    index('audit_events_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_events_action_idx').on(t.action, t.createdAt),
  ],
)
