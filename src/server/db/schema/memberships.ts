import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { subscriptionStatusEnum } from './enums'
import { users } from './people'
import { platformPurchases } from './plans'

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: 'number' })

/**
 * The buyer memberships on offer (DOMAIN.md "Plus"): one row, `plus`, whose yearly price (minor
 * units, VAT included) the admin edits on /admin/plans. The migration seeds it.
 */
export const membershipOffers = pgTable(
  'membership_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    yearlyPrice: money('yearly_price').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('membership_offers_slug_key').on(t.slug),
    check('membership_offers_price_positive', sql`${t.yearlyPrice} > 0`),
  ],
)

/**
 * A paid year of a buyer's Plus membership. The benefit holds for an order placed at a moment inside
 * [period_start, period_end) of a period that is `active` or `scheduled` (a renewal paid ahead
 * starts where the current year ends). The renewal schedule reminds 7 and 1 days before the end of
 * the last period and marks ended periods `ended`; there is no grace period for the benefit.
 */
export const plusMemberships = pgTable(
  'plus_memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    status: subscriptionStatusEnum('status').notNull(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => platformPurchases.id, { onDelete: 'restrict' }),
    amountPaid: money('amount_paid').notNull(),
    reminder7SentAt: at('reminder_7_sent_at'),
    reminder1SentAt: at('reminder_1_sent_at'),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plus_memberships_purchase_key').on(t.purchaseId),
    index('plus_memberships_user_idx').on(t.userId, t.periodEnd),
    index('plus_memberships_open_end_idx')
      .on(t.periodEnd)
      .where(sql`${t.status} in ('active', 'scheduled')`),
    check('plus_memberships_period', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
)
