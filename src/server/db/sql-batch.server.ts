import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'

/**
 * Set-based statements over many rows with one bound value each, instead of one per cell: a list
 * of 1,000 rows × 8 columns as VALUES is 8,000 parameters that the query builder and the driver
 * each walk one by one; as one jsonb value it is a single string that PostgreSQL reads with
 * `jsonb_to_recordset` (JSON null reads as SQL null).
 */
export const jsonRows = (rows: readonly object[]): SQL => sql`${JSON.stringify(rows)}::jsonb`

/** Integer ids as one `int[]` value, for `column = any(…)`. */
export function intArray(ids: readonly number[]): SQL {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('ids must be integers')
  return sql`${`{${ids.join(',')}}`}::int[]`
}

/** Any strings (codes typed by users, so not an array literal) as one `text[]` value. */
export const textArray = (values: readonly string[]): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`
