import '@tanstack/react-start/server-only'
import { sql, type SQLWrapper } from 'drizzle-orm'
import { TEHRAN } from '~/lib/tehran-time'

/** A timestamptz column's Tehran calendar day, "2026-11-26": the label `tehranDays` gives. */
export const tehranDaySql = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${TEHRAN}'`)}, 'YYYY-MM-DD')`
