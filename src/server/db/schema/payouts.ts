import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { payoutBatchStatuses, payoutLineStatuses } from '~/lib/payout-enums'
import { sellers, users } from './people'

const at = (name: string) => timestamp(name, { withTimezone: true })

export const payoutBatchStatusEnum = pgEnum('payout_batch_status', payoutBatchStatuses)
export const payoutLineStatusEnum = pgEnum('payout_line_status', payoutLineStatuses)

/**
 * A weekly payout batch (issue #38, "Payouts"): one per period ("2026-W48", the ISO week of the
 * Tehran day it was made), so a schedule firing on two instances, or an admin pressing the button
 * while the job runs, makes it once. Its counts and totals are sums of its lines, never stored.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    period: text('period').notNull(),
    status: payoutBatchStatusEnum('status').notNull().default('open'),
    createdAt: at('created_at').notNull(),
    /** The admin who made it by hand; null when the weekly schedule made it. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payout_batches_period_key').on(t.period),
    check('payout_batches_period_shape', sql`${t.period} ~ '^[0-9]{4}-W[0-9]{2}$'`),
  ],
)

/**
 * One seller's payout in a batch: the seller's whole available balance when the batch was made, to
 * the payout account current then (Sheba, holder and bank copied: a later change of account does
 * not redirect a payout already in the bank file). In transit until the admin marks it paid (the
 * bank's tracking number) or failed (the money returns to available). Its ledger entries carry the
 * line's id as their reference (`payout`, id).
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    sheba: text('sheba').notNull(),
    holderName: text('holder_name').notNull(),
    bankCode: text('bank_code').notNull(),
    /** Our transfer reference, as the bank file and the seller's statement show it: OMD-P{id}. */
    reference: text('reference')
      .notNull()
      .generatedAlwaysAs(sql`'OMD-P' || id::text`),
    status: payoutLineStatusEnum('status').notNull().default('in_transit'),
    /** The bank's tracking number (شماره پیگیری) of a paid transfer. */
    bankTracking: text('bank_tracking'),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
    settledBy: integer('settled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payout_lines_batch_seller_key').on(t.batchId, t.sellerId),
    // The seller's payouts, newest first (listMyPayouts' keyset).
    index('payout_lines_seller_idx').on(t.sellerId, t.id.desc()),
    check('payout_lines_amount_positive', sql`${t.amount} > 0`),
    check('payout_lines_sheba_shape', sql`${t.sheba} ~ '^IR[0-9]{24}$'`),
    check(
      'payout_lines_settled_shape',
      sql`(${t.status} = 'in_transit' and ${t.settledAt} is null)
        or (${t.status} = 'paid' and ${t.settledAt} is not null and ${t.bankTracking} is not null)
        or (${t.status} = 'failed' and ${t.settledAt} is not null and ${t.failureReason} is not null)`,
    ),
  ],
)
