import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { currentLocale } from '~/lib/i18n'

/**
 * A product's, brand's, category's or store's name in the request's language: the Persian name in Persian
 * when it has one (the catalogue's rule), else the name. `alias` is the table's alias in the query.
 */
export const localName = (alias: string): SQL =>
  currentLocale() === 'fa'
    ? sql.raw(`coalesce(nullif(${alias}.name_fa, ''), ${alias}.name)`)
    : sql.raw(`${alias}.name`)

/** A product's selling unit in the request's language, by the same rule. */
export const localUnit = (alias: string): SQL =>
  currentLocale() === 'fa'
    ? sql.raw(`coalesce(nullif(${alias}.unit_fa, ''), ${alias}.unit)`)
    : sql.raw(`${alias}.unit`)

/** A seller's display name in the request's language, by the same rule. */
export const localSellerName = (alias: string): SQL =>
  currentLocale() === 'fa'
    ? sql.raw(`coalesce(nullif(${alias}.display_name_fa, ''), ${alias}.display_name)`)
    : sql.raw(`${alias}.display_name`)
