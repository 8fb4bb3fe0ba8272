import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { importModes, importRowOutcomes, importRowResults, importStatuses } from '~/lib/domain-enums'
import type { ImportRowApplied, ImportRowState } from '~/lib/import-shapes'
import { skus } from './catalog'
import { sellers, users } from './people'

export const importStatusEnum = pgEnum('import_status', importStatuses)
export const importModeEnum = pgEnum('import_mode', importModes)
export const importRowOutcomeEnum = pgEnum('import_row_outcome', importRowOutcomes)
export const importRowResultEnum = pgEnum('import_row_result', importRowResults)

/** Counts shown in the dry run, the result page and the history. */
export interface ImportCounts {
  read: number
  update: number
  unchanged: number
  errors: number
  warnings: number
  applied: number
  skipped: number
  stale: number
  /** After a revert: rows restored, and rows left applied because something changed them since. */
  reverted: number
  notReverted: number
}

/** A price and stock sheet a seller uploaded: checked (dry run), then applied, then maybe reverted. */
export const stockImports = pgTable(
  'imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Private media key of the uploaded file (never the uploader's file name). */
    fileKey: text('file_key').notNull(),
    /** The uploader's file name, for display only. */
    fileName: text('file_name').notNull(),
    fileKind: text('file_kind').$type<'csv' | 'xlsx'>().notNull(),
    fileBytes: integer('file_bytes').notNull(),
    /** Observers may change stock only: tier columns are then refused. */
    stockOnly: boolean('stock_only').notNull().default(false),
    status: importStatusEnum('status').notNull().default('checking'),
    mode: importModeEnum('mode'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    /** What made the whole file unusable, in words. */
    fileError: text('file_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: integer('applied_by').references(() => users.id, { onDelete: 'set null' }),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    revertedBy: integer('reverted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('imports_seller_idx').on(t.sellerId, t.createdAt)],
)

/** One data row of an import: its diff (before → after) or its errors, then what applying it did. */
export const stockImportRows = pgTable(
  'import_rows',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: integer('import_id')
      .notNull()
      .references(() => stockImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    sku: text('sku').notNull(),
    skuId: integer('sku_id').references(() => skus.id, { onDelete: 'set null' }),
    outcome: importRowOutcomeEnum('outcome').notNull(),
    result: importRowResultEnum('result'),
    /** The stock the row was made from ("Current stock"), checked again when applying. */
    expectedStock: integer('expected_stock'),
    before: jsonb('before').$type<ImportRowState>(),
    after: jsonb('after').$type<ImportRowState>(),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** What applying the row did, so it can be reverted exactly. */
    applied: jsonb('applied').$type<ImportRowApplied>(),
    /** Why a revert left this row applied (result `not_reverted`), in words for the seller. */
    notRevertedReason: text('not_reverted_reason'),
  },
  (t) => [
    uniqueIndex('import_rows_row_key').on(t.importId, t.rowNumber),
    index('import_rows_outcome_idx').on(t.importId, t.outcome, t.rowNumber),
  ],
)
