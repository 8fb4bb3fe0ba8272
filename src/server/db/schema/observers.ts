import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers, users } from './people'

/**
 * Observer invitations (DOMAIN.md "Observer"): a seller's owner invites a cellphone to act for the
 * seller. An existing user becomes an observer at once (the row is written already accepted, which
 * also dates "observer since"); a number without an account waits here until it registers, and the
 * registration applies it in the same transaction. One pending invitation per number, whoever sent
 * it: a person can observe only one seller, so two pending ones could not both be honoured.
 */
export const observerInvitations = pgTable(
  'observer_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** E.164, +98 mobile, normalised like sign-in numbers. */
    cellphone: text('cellphone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the number became an observer; null while pending. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Who became the observer (kept if they later change their number). */
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('observer_invitations_seller_idx').on(t.sellerId, t.createdAt),
    uniqueIndex('observer_invitations_one_pending_per_cellphone')
      .on(t.cellphone)
      .where(sql`${t.acceptedAt} is null`),
  ],
)
