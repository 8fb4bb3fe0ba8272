import { sql } from 'drizzle-orm'
import { check, integer, pgEnum, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core'
import { settlementModes } from '~/lib/settlement'
import { users } from './people'

export const settlementModeEnum = pgEnum('settlement_mode', settlementModes)

/**
 * The operator's platform-wide settings, one row (id 1). A missing row means the defaults; every
 * change is an audit event.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settlementMode: settlementModeEnum('settlement_mode').notNull().default('collect'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('platform_settings_one_row', sql`${t.id} = 1`)],
)
