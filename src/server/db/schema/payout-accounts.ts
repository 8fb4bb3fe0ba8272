import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { sellers, users } from './people'

/**
 * A seller's payout account (Sheba), as a history: one row per registration, never updated (a
 * trigger refuses it); the current account is the newest row. A change (any row after the first)
 * holds the seller's payouts until `payouts_held_until` (issue #38: the payout-redirect fraud).
 */
export const sellerPayoutAccounts = pgTable(
  'seller_payout_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** `IR` + 24 digits, checked (mod 97 and a known bank code) before it is written. */
    sheba: text('sheba').notNull(),
    holderName: text('holder_name').notNull(),
    /** The 3-digit bank code of the Sheba (characters 5-7), kept for reports and payout files. */
    bankCode: text('bank_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for the first registration; otherwise 72 hours after the change. */
    payoutsHeldUntil: timestamp('payouts_held_until', { withTimezone: true }),
  },
  (t) => [
    index('seller_payout_accounts_seller_idx').on(t.sellerId, t.createdAt, t.id),
    check('seller_payout_accounts_sheba_shape', sql`${t.sheba} ~ '^IR[0-9]{24}$'`),
    check('seller_payout_accounts_bank_code_shape', sql`${t.bankCode} ~ '^[0-9]{3}$'`),
    check('seller_payout_accounts_holder_name_length', sql`char_length(${t.holderName}) between 1 and 100`),
  ],
)
