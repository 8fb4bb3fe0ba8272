import * as v from 'valibot'
import { stripBidiControls } from './bidi-controls'
import { formatNumber } from './money'
import { m } from './messages'

/**
 * Bounds every input schema shares, so nothing the database cannot hold reaches a query: ids and
 * quantities are int4 columns, text columns refuse NUL bytes, and every string has a length limit.
 */
export const INT4_MAX = 2_147_483_647

/**
 * `v.object({ ...schema.entries, ...more })` as one call the bundler may drop when nothing uses
 * it. Written out at a module's top level, the spread would stay in the browser's bundle even when
 * the object is unused (reading `.entries` could run a getter), and with it every schema and
 * message it reads, in the chunk every page loads (issue #21). Helpers here are marked free of side
 * effects for the same reason: an unused `textSchema(120)` then goes too.
 */
/* @__NO_SIDE_EFFECTS__ */
export function extendObject<TEntries extends v.ObjectEntries, TMore extends v.ObjectEntries>(
  schema: { readonly entries: TEntries },
  more: TMore,
) {
  return v.object({ ...schema.entries, ...more })
}

/** A database id (int4 identity): a whole number from 1 to 2,147,483,647. */
export const idSchema = v.pipe(
  v.number(() => m.server_field_number()),
  v.integer(() => m.server_field_whole_number()),
  v.minValue(1, () => m.server_field_min_value({ min: formatNumber(1) })),
  v.maxValue(INT4_MAX, () => m.server_field_too_large()),
)

/** A whole number within [min, max] (max at most int4). */
/* @__NO_SIDE_EFFECTS__ */
export function intSchema(min: number, max: number = INT4_MAX) {
  return v.pipe(
    v.number(() => m.server_field_number()),
    v.integer(() => m.server_field_whole_number()),
    v.minValue(min, () => m.server_field_min_value({ min: formatNumber(min) })),
    v.maxValue(Math.min(max, INT4_MAX), () =>
      m.server_field_max_value({ max: formatNumber(Math.min(max, INT4_MAX)) }),
    ),
  )
}

/** A quantity of units (int4, at least 1 unless said otherwise). */
export const quantitySchema = intSchema(1)

/** An amount of money in integer minor units (bigint in the database; kept within a safe integer). */
/* @__NO_SIDE_EFFECTS__ */
export function moneySchema(min = 0) {
  return v.pipe(
    v.number(() => m.server_field_number()),
    v.integer(() => m.server_field_whole_amount()),
    v.minValue(min, () => m.server_field_min_value({ min: formatNumber(min) })),
    v.maxValue(Number.MAX_SAFE_INTEGER, () => m.server_field_too_large()),
  )
}

/**
 * `v.trim()` for text people type. Bidi overrides, embeddings and isolates go first (see
 * bidi-controls), so a stored name cannot reorder itself or the page around it; then the spaces.
 */
/* @__NO_SIDE_EFFECTS__ */
export function trimUserText() {
  return v.transform<string, string>((s) => stripBidiControls(s).trim())
}

/**
 * A string without NUL bytes or bidi controls, at most `max` characters (after trimming when
 * `trim` is on).
 */
/* @__NO_SIDE_EFFECTS__ */
export function textSchema(max: number, options: { min?: number; trim?: boolean; label?: string } = {}) {
  const { min = 0, trim = true } = options
  return v.pipe(
    v.string(() => m.server_field_text()),
    v.check(
      (s) => !s.includes('\u0000'),
      () => m.server_error_nul_characters(),
    ),
    trim ? trimUserText() : v.transform(stripBidiControls),
    v.minLength(min, () =>
      min <= 1 ? m.server_field_required() : m.server_field_min_length({ min: formatNumber(min) }),
    ),
    v.maxLength(max, () => m.server_field_max_length({ max: formatNumber(max) })),
  )
}

/** A UUID (e.g. a background job's id), in its usual hyphenated form. */
export const uuidSchema = v.pipe(
  v.string(() => m.server_field_text()),
  v.trim(),
  v.uuid(() => m.server_field_uuid()),
)

/** A URL slug: lowercase Latin letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A slug field of a seller or admin form (stores, magazines, brands, categories). */
/* @__NO_SIDE_EFFECTS__ */
export function slugSchema(min = 3, max = 60) {
  return v.pipe(
    textSchema(max, { min }),
    v.regex(SLUG_PATTERN, () => m.server_field_slug()),
  )
}

/** A slug suggested from a name (Latin letters and digits; a Persian-only name gives ''). */
export function suggestSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
}

/**
 * A calendar day in a URL or a filter, 2026-11-22 (the server reads it as a day in Tehran).
 * 2026-02-30 parses (as 2 March): only a day that reads back the same exists.
 */
export const isoDaySchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, () => m.server_valid_date_format()),
  v.check(
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`)
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
    },
    () => m.server_valid_date_missing(),
  ),
)
