import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './people'

/**
 * A buyer's delivery addresses (DOMAIN.md "Account and support"). Each user with any address has
 * exactly one default: the code keeps it so in one transaction, the partial unique index makes a
 * second default impossible even if two requests race.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    /** Ten ASCII digits, normalised from whatever the buyer typed. */
    postalCode: text('postal_code').notNull(),
    receiverName: text('receiver_name').notNull(),
    /** E.164, +98 mobile. */
    receiverPhone: text('receiver_phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
)
