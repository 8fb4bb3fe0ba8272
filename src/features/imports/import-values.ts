import { stripBidiControls } from '~/lib/bidi-controls'
import { asciiDigits } from '~/lib/digits'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { INT4_MAX } from '~/lib/schema-pieces'

/**
 * Cell values of a price and stock sheet, read strictly. A spreadsheet is typed by people and
 * re-saved by several programs, so every value is checked against one unambiguous form and anything
 * else is an error in words, never a guess: "12.000" is not read as twelve thousand, a fraction of a
 * rial is refused rather than rounded, and a formula is refused rather than evaluated.
 */

/** A cell as the readers hand it over: text, a number or date typed into a spreadsheet, or nothing. */
export type CellValue = string | number | boolean | Date | { formula: string } | null

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value })
const fail = (error: string): Parsed<never> => ({ ok: false, error })

export function isBlank(cell: CellValue): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '')
}

export function isFormula(cell: CellValue): cell is { formula: string } {
  return typeof cell === 'object' && cell !== null && !(cell instanceof Date) && 'formula' in cell
}

/** Digit-group separators people type: comma, Arabic thousands separator, apostrophe, spaces. */
const GROUPING = /[,\u066C'\s\u00A0\u202F]/g

/**
 * A whole number from a cell: Latin, Persian or Arabic-Indic digits with optional digit grouping.
 * A decimal point (".", "٫") is refused, so a value is never silently scaled or rounded.
 */
export function parseWholeNumber(
  cell: CellValue,
  what: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): Parsed<number> {
  if (isFormula(cell)) return fail(m.tools_cell_formula({ what }))
  let value: number
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return fail(m.tools_cell_not_number({ what }))
    if (!Number.isInteger(cell)) return fail(m.tools_cell_not_whole({ what, value: String(cell) }))
    value = cell
  } else if (typeof cell === 'string') {
    const text = asciiDigits(cell.trim())
    const compact = text.replace(GROUPING, '')
    if (/^[+-]?\d+[.\u066B]\d*$/.test(compact))
      return fail(m.tools_cell_not_whole({ what, value: cell.trim() }))
    if (!/^[+-]?\d+$/.test(compact))
      return fail(m.tools_cell_text_not_number({ what, value: truncateCell(cell) }))
    if (text !== compact && !/^[+-]?\d{1,3}([,\u066C'\s\u00A0\u202F]\d{3})+$/.test(text))
      return fail(m.tools_cell_bad_grouping({ what, value: truncateCell(cell) }))
    value = Number(compact)
    if (!Number.isSafeInteger(value)) return fail(m.tools_cell_too_large({ what, value: cell.trim() }))
  } else {
    return fail(m.tools_cell_not_number({ what }))
  }
  if (value < min)
    return fail(
      min === 0
        ? m.tools_cell_negative({ what, value: String(value) })
        : m.tools_cell_at_least({ what, min: String(min) }),
    )
  if (value > max) return fail(m.tools_cell_too_large({ what, value: formatNumber(value) }))
  return ok(value)
}

export const parseStock = (cell: CellValue, what: string) => parseWholeNumber(cell, what, { max: INT4_MAX })
export const parseQuantity = (cell: CellValue, what: string) =>
  parseWholeNumber(cell, what, { min: 1, max: INT4_MAX })
export const parseMoney = (cell: CellValue, what: string, min = 0) => parseWholeNumber(cell, what, { min })

const YES = new Set(['yes', 'y', 'true', '1', 'بله', 'آری', 'true()'])
const NO = new Set(['no', 'n', 'false', '0', 'خیر', 'نه', 'false()'])

export function parseYesNo(cell: CellValue, what: string): Parsed<boolean> {
  if (typeof cell === 'boolean') return ok(cell)
  if (typeof cell === 'number' && (cell === 0 || cell === 1)) return ok(cell === 1)
  if (typeof cell === 'string') {
    const text = asciiDigits(cell.trim()).toLowerCase()
    if (YES.has(text)) return ok(true)
    if (NO.has(text)) return ok(false)
  }
  return fail(m.tools_cell_yes_no({ what }))
}

const TEHRAN = 'Asia/Tehran'

/** The UTC instant of a wall-clock time in Tehran (whatever the offset was on that day). */
export function tehranWallClockToUtc(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // Offset of Tehran at about that instant; a second pass settles days when the offset changed.
  let guess = asUtc - tehranOffsetMs(new Date(asUtc))
  guess = asUtc - tehranOffsetMs(new Date(guess))
  return new Date(guess)
}

function tehranOffsetMs(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TEHRAN,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000
}

/**
 * A date or date-time, read as Tehran wall-clock time: `2026-12-01`, `2026-12-01 08:30`
 * (also with "T" or "/"), or a date cell of the spreadsheet (its wall-clock value).
 */
export function parseTehranDate(cell: CellValue, what: string): Parsed<Date> {
  if (isFormula(cell)) return fail(m.tools_cell_formula({ what }))
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return fail(m.tools_cell_not_date({ what }))
    // Spreadsheet dates carry no zone: their UTC fields are the wall clock the seller typed.
    return ok(
      tehranWallClockToUtc(
        cell.getUTCFullYear(),
        cell.getUTCMonth() + 1,
        cell.getUTCDate(),
        cell.getUTCHours(),
        cell.getUTCMinutes(),
      ),
    )
  }
  if (typeof cell !== 'string') return fail(m.tools_cell_not_date_use({ what }))
  const text = asciiDigits(cell.trim())
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(text)
  if (!match) return fail(m.tools_cell_text_not_date({ what, value: truncateCell(cell) }))
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => (part ? Number(part) : 0))
  if (year! < 2000 || year! > 2100) return fail(m.tools_cell_date_range({ what, value: text }))
  const probe = new Date(Date.UTC(year!, month! - 1, day!))
  if (probe.getUTCMonth() !== month! - 1 || probe.getUTCDate() !== day! || hour > 23 || minute > 59)
    return fail(m.tools_cell_not_real_date({ what, value: text }))
  return ok(tehranWallClockToUtc(year!, month!, day!, hour, minute))
}

/** A cell as plain text for messages and codes (numbers as typed, dates as ISO days). */
export function cellText(cell: CellValue): string {
  if (cell === null) return ''
  if (cell instanceof Date) return cell.toISOString().slice(0, 10)
  if (isFormula(cell)) return `=${cell.formula}`
  return String(cell).trim()
}

function truncateCell(cell: string): string {
  const text = cell.trim()
  return text.length > 40 ? `${text.slice(0, 39)}…` : text
}

/**
 * Text that a spreadsheet program would run as a formula when the sheet is opened (CSV injection):
 * it starts with = + - @, a tab or a carriage return. Plain numbers ("-5", "+1,000") are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^[+-]?[\d\u06F0-\u06F9\u0660-\u0669][\d\u06F0-\u06F9\u0660-\u0669,.\u066B\u066C' ]*$/

/** A text cell for a sheet we write (template, export, error report): a leading `'` defuses it. */
export function neutraliseText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/**
 * A text cell read back from a sheet: the `'` neutraliseText added is removed, so round-trips are
 * exact. Bidi overrides and embeddings go, as from every text people type (a right-to-left sheet
 * program may wrap a SKU code in them; a stored code must not reorder itself).
 */
export function restoreText(cell: string): string {
  const text = stripBidiControls(cell)
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !PLAIN_NUMBER.test(text.slice(1))
    ? text.slice(1)
    : text
}
