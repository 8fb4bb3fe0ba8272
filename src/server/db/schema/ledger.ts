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
import { ledgerAccountKinds, type LedgerEntryKind } from '~/lib/ledger-enums'
import { categories } from './catalog'
import { sellers, users } from './people'

const at = (name: string) => timestamp(name, { withTimezone: true })
const money = (name: string) => bigint(name, { mode: 'number' })

export const ledgerAccountKindEnum = pgEnum('ledger_account_kind', ledgerAccountKinds)

/**
 * One row per account of the double-entry ledger (DOMAIN.md "Money after checkout"): the platform's
 * accounts have no owner, a seller's carry seller_id, a buyer's (credit terms) buyer_user_id.
 * Created on first use. An account has no balance column: its balance is the sum of its lines.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: ledgerAccountKindEnum('kind').notNull(),
    sellerId: integer('seller_id').references(() => sellers.id, { onDelete: 'restrict' }),
    buyerUserId: integer('buyer_user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One account per (kind, owner): nulls compare equal (coalesce, as NULLS NOT DISTINCT would).
    uniqueIndex('ledger_accounts_kind_owner_key').on(
      t.kind,
      sql`coalesce(${t.sellerId}, 0)`,
      sql`coalesce(${t.buyerUserId}, 0)`,
    ),
  ],
)

/**
 * A journal entry: one business event (an order paid, released, refunded; a payout...). Its lines
 * sum to zero and there are at least two (a deferred constraint trigger checks it at commit).
 * Append-only: a correction is a new entry. `idempotency_key` makes a replayed event write nothing.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    /** What the entry is about, e.g. ('order', '42'), ('platform_purchase', '7'), ('payout', '3'). */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    memo: text('memo'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    index('ledger_entries_reference_idx').on(t.referenceType, t.referenceId, t.kind),
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
)

/** A line of an entry: a signed amount in rials on one account (debit positive, credit negative). */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    /** The account's seller, copied so a seller's statement reads one index. */
    sellerId: integer('seller_id').references(() => sellers.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_account_idx').on(t.accountId),
    // A seller's statement, newest first, keyset-paginated over millions of lines.
    index('ledger_lines_seller_statement_idx')
      .on(t.sellerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.sellerId} is not null`),
    check('ledger_lines_amount_nonzero', sql`${t.amount} <> 0`),
  ],
)

/**
 * Commission rates in basis points: a row per category that has its own rate, and one row with no
 * category, the default. A line's rate is its product's category's, else the nearest ancestor's,
 * else the default, less the seller's plan discount (plans.commission_discount_bp).
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('commission_rates_category_key').on(sql`coalesce(${t.categoryId}, 0)`),
    check('commission_rates_rate_range', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`),
  ],
)
