import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Telemetry events from the first-party endpoint (spec §7: route and page-view tracking; §4 event
 * names). Append-only; a provider may forward them elsewhere later.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    visitId: text('visit_id').notNull(),
    path: text('path').notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** When the browser says it happened (clock may be off); `receivedAt` is the server's. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('analytics_events_name_time_idx').on(t.name, t.receivedAt),
    index('analytics_events_visit_idx').on(t.visitId),
    /** /admin/analytics reads every event of a period by arrival time. */
    index('analytics_events_received_idx').on(t.receivedAt),
  ],
)
