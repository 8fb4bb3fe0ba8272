import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import {
  SKU_COLUMNS,
  TIER_FIELDS,
  TIER_SLOTS,
  tierColumn,
  type ColumnKey,
  type HeaderMap,
} from './import-format'
import {
  cellText,
  isBlank,
  isFormula,
  parseMoney,
  parseQuantity,
  parseStock,
  parseTehranDate,
  parseYesNo,
  type CellValue,
} from './import-values'

/** A tier as the sheet states it. Dates are UTC instants; null valid_from means "from now". */
export interface SheetTier {
  minQuantity: number
  unitPrice: number
  /** 0 = no discount. */
  offerPrice: number
  validFrom: Date | null
  validTo: Date | null
}

/**
 * One row as read: what the seller asks to change (null = leave as it is) and the errors found in
 * the row itself. Rules that need the database (ownership, live stock, tier rules against stored
 * tiers) are checked later, per row, by the dry run.
 */
export interface SheetRow {
  rowNumber: number
  sku: string
  currentStock: number | null
  newStock: number | null
  alwaysAvailable: boolean | null
  /** The SKU's tiers after the import; null when the row leaves tiers alone. */
  tiers: SheetTier[] | null
  errors: string[]
}

const MAX_SKU_LENGTH = 64

/**
 * Reads one data row against the header map. `seenSkus` spots a SKU listed twice in one file (the
 * second and later rows are errors, so no row silently wins over another).
 */
export function readSheetRow(
  rowNumber: number,
  values: readonly CellValue[],
  header: HeaderMap,
  seenSkus: Map<string, number>,
): SheetRow | null {
  const cell = (key: ColumnKey): CellValue => {
    const i = header.index[key]
    return i === undefined ? null : (values[i] ?? null)
  }
  if (values.every((value) => isBlank(value ?? null))) return null

  const errors: string[] = []
  const take = <T>(result: { ok: true; value: T } | { ok: false; error: string }): T | null => {
    if (result.ok) return result.value
    errors.push(result.error)
    return null
  }

  const skuCell = cell('sku')
  const sku = isFormula(skuCell) ? '' : cellText(skuCell)
  if (isFormula(skuCell)) errors.push(m.tools_cell_formula({ what: SKU_COLUMNS.sku }))
  else if (sku === '') errors.push(m.tools_cell_empty({ what: SKU_COLUMNS.sku }))
  else if (sku.length > MAX_SKU_LENGTH || sku.includes('\u0000')) errors.push(m.tools_row_sku_invalid())
  else {
    const first = seenSkus.get(sku)
    if (first !== undefined) errors.push(m.tools_row_sku_twice({ sku, first: String(first) }))
    else seenSkus.set(sku, rowNumber)
  }

  let currentStock: number | null = null
  let newStock: number | null = null
  if (!isBlank(cell('newStock'))) {
    newStock = take(parseStock(cell('newStock'), SKU_COLUMNS.newStock))
    if (isBlank(cell('currentStock'))) errors.push(m.tools_row_current_stock_empty())
    else currentStock = take(parseStock(cell('currentStock'), SKU_COLUMNS.currentStock))
  }

  const alwaysAvailable = isBlank(cell('alwaysAvailable'))
    ? null
    : take(parseYesNo(cell('alwaysAvailable'), SKU_COLUMNS.alwaysAvailable))

  return {
    rowNumber,
    sku,
    currentStock,
    newStock,
    alwaysAvailable,
    tiers: readTiers(cell, header, errors),
    errors,
  }
}

function readTiers(
  cell: (key: ColumnKey) => CellValue,
  header: HeaderMap,
  errors: string[],
): SheetTier[] | null {
  const slots = Array.from({ length: TIER_SLOTS }, (_, i) => i + 1).filter(
    (slot) => header.index[`tier${slot}.minQuantity`] !== undefined,
  )
  if (slots.length === 0) return null
  const filled = slots.filter((slot) => TIER_FIELDS.some((field) => !isBlank(cell(`tier${slot}.${field}`))))
  // No tier figures at all: the row leaves the SKU's tiers as they are.
  if (filled.length === 0) return null

  const tiers: SheetTier[] = []
  for (const slot of filled) {
    const at = (field: (typeof TIER_FIELDS)[number]) => cell(`tier${slot}.${field}`)
    const label = (field: (typeof TIER_FIELDS)[number]) => tierColumn(slot, field)
    const before = errors.length
    const required = (field: 'minQuantity' | 'unitPrice') => {
      if (!isBlank(at(field))) return true
      errors.push(m.tools_cell_empty({ what: label(field) }))
      return false
    }
    const minQuantity = required('minQuantity')
      ? parseQuantity(at('minQuantity'), label('minQuantity'))
      : null
    const unitPrice = required('unitPrice') ? parseMoney(at('unitPrice'), label('unitPrice'), 1) : null
    const offerPrice = isBlank(at('offerPrice'))
      ? { ok: true as const, value: 0 }
      : parseMoney(at('offerPrice'), label('offerPrice'))
    const validFrom = isBlank(at('validFrom'))
      ? { ok: true as const, value: null }
      : parseTehranDate(at('validFrom'), label('validFrom'))
    const validTo = isBlank(at('validTo'))
      ? { ok: true as const, value: null }
      : parseTehranDate(at('validTo'), label('validTo'))
    for (const result of [minQuantity, unitPrice, offerPrice, validFrom, validTo])
      if (result && !result.ok) errors.push(result.error)
    if (
      errors.length > before ||
      !minQuantity?.ok ||
      !unitPrice?.ok ||
      !offerPrice.ok ||
      !validFrom.ok ||
      !validTo.ok
    )
      continue
    tiers.push({
      minQuantity: minQuantity.value,
      unitPrice: unitPrice.value,
      offerPrice: offerPrice.value,
      validFrom: validFrom.value,
      validTo: validTo.value,
    })
  }
  return tiers
}

/** "Row 812: …", the form every row message takes in the dry run, the result and the error report. */
export function rowMessage(rowNumber: number, message: string): string {
  // "New stock …" reads "new stock …" after the colon; "SKU …" keeps its capitals (Persian has no case).
  const lower = /^[A-Z][a-z]/.test(message) ? message.charAt(0).toLowerCase() + message.slice(1) : message
  // English keeps the bare number the report has always shown; Persian writes it in Persian digits.
  const row = currentLocale() === 'fa' ? formatNumber(rowNumber) : String(rowNumber)
  return m.tools_row_message({ row, message: lower })
}
