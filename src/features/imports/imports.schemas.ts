import * as v from 'valibot'
import { importModes } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { idSchema, intSchema } from '~/lib/schema-pieces'

/** Inputs of the import server functions and the page's search params (one schema each). */

export const ROW_FILTERS = [
  'all',
  'update',
  'unchanged',
  'error',
  'warning',
  'stale',
  'not_reverted',
] as const
export type RowFilter = (typeof ROW_FILTERS)[number]
export const ROWS_PER_PAGE = 50
export const IMPORTS_PER_PAGE = 10

export const importIdInput = v.object({ importId: idSchema })

export const importRowsInput = v.object({
  importId: idSchema,
  filter: v.optional(v.picklist(ROW_FILTERS), 'all'),
  page: v.optional(intSchema(1, 2_000), 1),
})

export const applyImportInput = v.object({
  importId: idSchema,
  mode: v.picklist(importModes, () => m.tools_import_choose_mode()),
})

export const importHistoryInput = v.object({ page: v.optional(intSchema(1, 500), 1) })

/** /seller/inventory/import-price?import=12&rows=error&page=2: the import shown survives a reload. */
export const importPageSearch = v.object({
  import: v.optional(idSchema),
  rows: v.optional(v.picklist(ROW_FILTERS)),
  page: v.optional(intSchema(1, 2_000)),
  /** The page of the import history. */
  history: v.optional(intSchema(1, 500)),
})
export type ImportPageSearch = v.InferOutput<typeof importPageSearch>

export const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const
