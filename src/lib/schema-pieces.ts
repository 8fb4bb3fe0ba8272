import * as v from 'valibot'

/**
 * Bounds every input schema shares, so nothing the database cannot hold reaches a query: ids and
 * quantities are int4 columns, text columns refuse NUL bytes, and every string has a length limit.
 */
export const INT4_MAX = 2_147_483_647

/** A database id (int4 identity): a whole number from 1 to 2,147,483,647. */
export const idSchema = v.pipe(
  v.number('Must be a number'),
  v.integer('Must be a whole number'),
  v.minValue(1, 'Must be 1 or more'),
  v.maxValue(INT4_MAX, 'Is too large'),
)

/** A whole number within [min, max] (max at most int4). */
export function intSchema(min: number, max: number = INT4_MAX) {
  return v.pipe(
    v.number('Must be a number'),
    v.integer('Must be a whole number'),
    v.minValue(min, `Must be ${min} or more`),
    v.maxValue(Math.min(max, INT4_MAX), `Must be ${Math.min(max, INT4_MAX).toLocaleString('en-US')} or less`),
  )
}

/** A quantity of units (int4, at least 1 unless said otherwise). */
export const quantitySchema = intSchema(1)

/** An amount of money in integer minor units (bigint in the database; kept within a safe integer). */
export function moneySchema(min = 0) {
  return v.pipe(
    v.number('Must be a number'),
    v.integer('Must be a whole amount'),
    v.minValue(min, `Must be ${min} or more`),
    v.maxValue(Number.MAX_SAFE_INTEGER, 'Is too large'),
  )
}

/** A string without NUL bytes, at most `max` characters (after trimming when `trim` is on). */
export function textSchema(max: number, options: { min?: number; trim?: boolean; label?: string } = {}) {
  const { min = 0, trim = true } = options
  return v.pipe(
    v.string('Must be text'),
    v.check((s) => !s.includes('\u0000'), 'Must not contain NUL characters'),
    trim ? v.trim() : v.transform((s: string) => s),
    v.minLength(min, min <= 1 ? 'Is required' : `Must be at least ${min} characters`),
    v.maxLength(max, `Must be at most ${max} characters`),
  )
}

/** A UUID (e.g. a background job's id), in its usual hyphenated form. */
export const uuidSchema = v.pipe(v.string('Must be text'), v.trim(), v.uuid('Must be a UUID'))

/** A URL slug: lowercase Latin letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A slug field of a seller or admin form (stores, magazines, brands, categories). */
export function slugSchema(min = 3, max = 60) {
  return v.pipe(
    textSchema(max, { min }),
    v.regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens'),
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
