/**
 * The price and stock sheet: one row per SKU. The inventory export writes it and the import reads it
 * back, so export → edit → import round-trips. Client-safe: the pages show the same column names.
 */

import { m } from '~/lib/messages'

// The column names below are the file format's own: the parser maps headers by them, the template
// and the export write them, so they stay English in every locale (messages quote them).
export const TIER_SLOTS = 3
export const MAX_IMPORT_ROWS = 100_000
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024

/** Longest text one cell may hold (a SKU code is 64 at most; names and notes fit with room to spare). */
export const MAX_CELL_CHARS = 4_000

const MiB = 1024 * 1024

/**
 * What a sheet may expand to while it is read (issue #35: a 413 KB XLSX holding one 400 MB cell ran
 * the server out of memory). An XLSX is a zip of XML parts; every limit is checked while the parts
 * stream, before memory grows: the zip's own declared sizes first, then the bytes as they inflate
 * (a zip may lie), then the XML itself (one text, one tag, the nesting, the count of elements).
 * Sized from MAX_IMPORT_ROWS, the most any plan imports at once, with room for real workbooks.
 */
export const SHEET_LIMITS = {
  /** Rows a sheet may list, blank ones included (twice the rows an import may have). */
  rows: MAX_IMPORT_ROWS * 2,
  /** Columns a row may reach: the sheet has 21, and a seller's own notes beside them fit. */
  columns: 256,
  /** Cells a sheet may list: 32 a row, for every row an import may have. */
  cells: MAX_IMPORT_ROWS * 32,
  /** Parts inside an XLSX (Excel writes about 10; pictures and many sheets add some). */
  parts: 1_000,
  /**
   * Bytes of the sheet's XML: about 1 KB a full row in Excel's own form, 2 KB with room. Streamed,
   * never held whole.
   */
  sheetBytes: MAX_IMPORT_ROWS * 2 * 1024,
  /**
   * Excel keeps a sheet's texts apart, in one shared table, which is held in memory while the sheet
   * is read: its XML (32 MB: about 100 bytes of text for each of the three texts a row has, three
   * times over) and its count (four texts a row).
   */
  sharedStringsBytes: 32 * MiB,
  sharedStrings: MAX_IMPORT_ROWS * 4,
  /** Pieces of formatted text within one shared text (each bold or coloured run is one). */
  runsPerString: 256,
  /** The workbook's other parts it reads (sheet list, relationships, styles): bytes and elements. */
  partBytes: 4 * MiB,
  partElements: 100_000,
  /**
   * Longest stretch of XML between two tags, in bytes: one cell's text (MAX_CELL_CHARS characters,
   * each up to 6 bytes escaped, as `&quot;`) or one tag with its attributes.
   */
  xmlRun: 32 * 1024,
  /** Elements within elements (a sheet nests 6 deep). */
  xmlDepth: 32,
} as const

export const SKU_COLUMNS = {
  sku: 'SKU code',
  store: 'Store',
  product: 'Product',
  currentStock: 'Current stock',
  newStock: 'New stock',
  alwaysAvailable: 'Always available',
} as const

export const TIER_FIELDS = ['minQuantity', 'unitPrice', 'offerPrice', 'validFrom', 'validTo'] as const
export type TierField = (typeof TIER_FIELDS)[number]

const TIER_FIELD_LABELS: Record<TierField, string> = {
  minQuantity: 'min quantity',
  unitPrice: 'unit price',
  offerPrice: 'offer price',
  validFrom: 'valid from',
  validTo: 'valid to',
}

export function tierColumn(slot: number, field: TierField): string {
  return `Tier ${slot} ${TIER_FIELD_LABELS[field]}`
}

/** The column key a header names, e.g. `sku`, `newStock`, `tier2.unitPrice`. */
export type ColumnKey = keyof typeof SKU_COLUMNS | `tier${number}.${TierField}`

export const SHEET_COLUMNS: { key: ColumnKey; header: string }[] = [
  ...Object.entries(SKU_COLUMNS).map(([key, header]) => ({ key: key as ColumnKey, header })),
  ...Array.from({ length: TIER_SLOTS }, (_, i) =>
    TIER_FIELDS.map((field) => ({
      key: `tier${i + 1}.${field}` as ColumnKey,
      header: tierColumn(i + 1, field),
    })),
  ).flat(),
]

/** The column added to an error report: the same file, with what was wrong in each row. */
export const ERROR_COLUMN = 'Error'

const normalizeHeader = (header: string) => header.trim().replace(/\s+/g, ' ').toLowerCase()
const KEY_BY_HEADER = new Map(SHEET_COLUMNS.map((column) => [normalizeHeader(column.header), column.key]))

export interface HeaderMap {
  /** Column index (0-based) of each known column present. */
  index: Partial<Record<ColumnKey, number>>
  /** What makes the file unusable (missing or incomplete columns); empty when it can be read. */
  errors: string[]
  /** Columns that were ignored (unknown names). */
  ignored: string[]
}

/**
 * Maps a header row to the sheet's columns. The SKU code is required; stock needs both its columns
 * (the current figure guards against overwriting an order that came in since the export); a tier
 * needs all five of its columns or none.
 */
export function mapHeader(headers: readonly string[]): HeaderMap {
  const index: HeaderMap['index'] = {}
  const errors: string[] = []
  const ignored: string[] = []
  headers.forEach((raw, i) => {
    const header = String(raw ?? '')
    if (header.trim() === '') return
    const key = KEY_BY_HEADER.get(normalizeHeader(header))
    if (!key) ignored.push(header.trim())
    else if (index[key] !== undefined) errors.push(m.tools_header_twice({ column: header.trim() }))
    else index[key] = i
  })
  if (index.sku === undefined) errors.push(m.tools_header_missing({ column: SKU_COLUMNS.sku }))
  if (index.newStock !== undefined && index.currentStock === undefined)
    errors.push(
      m.tools_header_missing_with({ column: SKU_COLUMNS.currentStock, other: SKU_COLUMNS.newStock }),
    )
  for (let slot = 1; slot <= TIER_SLOTS; slot++) {
    const present = TIER_FIELDS.filter((field) => index[`tier${slot}.${field}`] !== undefined)
    if (present.length > 0 && present.length < TIER_FIELDS.length) {
      const missing = TIER_FIELDS.filter((field) => !present.includes(field)).map((f) =>
        m.tools_header_quoted({ column: tierColumn(slot, f) }),
      )
      errors.push(
        m.tools_header_tier_missing({
          slot: String(slot),
          count: missing.length,
          columns: missing.join(m.tools_header_list_separator()),
        }),
      )
    }
  }
  const updatable = [
    'newStock',
    'alwaysAvailable',
    'tier1.minQuantity',
    'tier2.minQuantity',
    'tier3.minQuantity',
  ]
  if (errors.length === 0 && !updatable.some((key) => index[key as ColumnKey] !== undefined))
    errors.push(m.tools_header_nothing_to_update())
  return { index, errors, ignored }
}
