import '@tanstack/react-start/server-only'
import { Transform, type Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parse as parseCsv, CsvError } from 'csv-parse'
import { stringify as stringifyCsv } from 'csv-stringify'
import ExcelJS from 'exceljs'
import { fileTypeFromBuffer } from 'file-type'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import {
  ERROR_COLUMN,
  MAX_CELL_CHARS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  SHEET_LIMITS,
  mapHeader,
  type HeaderMap,
} from './import-format'
import { readSheetRow, type SheetRow } from './import-rows'
import { neutraliseText, restoreText, type CellValue } from './import-values'
import { TOO_LONG, XlsxLimitError, readXlsxRows } from './xlsx-reader.server'

/**
 * Reading a price and stock sheet as a stream, so a 100,000-row file never sits in memory whole:
 * CSV through csv-parse, XLSX through xlsx-reader.server (exceljs's parsers within SHEET_LIMITS).
 * Problems with the file as a whole (type, encoding, columns, size, what it expands to) are
 * ImportFileErrors with a message for the seller.
 */

export type SheetKind = 'csv' | 'xlsx'

export class ImportFileError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ImportFileError'
  }
}

/** Bytes handed to the CSV parser at a time. */
const PARSE_SLICE = 64 * 1024

/** Longest text kept from one cell; longer cells are cut (no column of the sheet needs more). */
const MAX_CELL_LENGTH = 1_000

/**
 * What a file is, judged by its content, never by its name: XLSX (a zip with a workbook inside) or
 * UTF-8 text for CSV. Anything else (an executable renamed .csv, a PDF, old .xls) is refused.
 */
export async function detectSheetKind(head: Uint8Array): Promise<SheetKind> {
  if (head.length === 0) throw new ImportFileError(m.tools_upload_empty())
  const type = await fileTypeFromBuffer(head)
  if (type?.ext === 'xlsx') return 'xlsx'
  if (type?.ext === 'zip') throw new ImportFileError(m.tools_file_zip())
  if (type?.ext === 'cfb') throw new ImportFileError(m.tools_file_xls())
  if (type) throw new ImportFileError(m.tools_file_other_kind({ kind: type.ext.toUpperCase() }))
  assertUtf8Start(head)
  return 'csv'
}

function assertUtf8Start(head: Uint8Array) {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
    throw new ImportFileError(m.tools_file_utf16())
  if (head.includes(0)) throw new ImportFileError(m.tools_file_binary())
}

/** Passes bytes through while checking they are UTF-8; any other encoding is a file error. */
function utf8Guard(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const invalid = () => new ImportFileError(m.tools_file_not_utf8())
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        decoder.decode(chunk, { stream: true })
        done(null, chunk)
      } catch {
        done(invalid())
      }
    },
    flush(done) {
      try {
        decoder.decode()
        done()
      } catch {
        done(invalid())
      }
    },
  })
}

/** The delimiter a CSV's header line uses: comma, semicolon (European Excel) or tab. */
function sniffDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const)
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0]
}

/**
 * Raw records of a sheet: row 1 is the header. Values are CellValues, text cut to MAX_CELL_LENGTH;
 * a cell longer than MAX_CELL_CHARS is a file error naming its row and column.
 */
export async function* readSheetRecords(
  kind: SheetKind,
  source: Readable,
): AsyncGenerator<{ rowNumber: number; values: CellValue[] }> {
  const records = kind === 'csv' ? readCsvRecords(source) : readXlsxRecords(source)
  for await (const { rowNumber, values } of records)
    yield {
      rowNumber,
      values: values.map((value, column) => {
        if (value === TOO_LONG || (typeof value === 'string' && value.length > MAX_CELL_CHARS))
          throw new ImportFileError(
            m.tools_file_cell_too_long({
              row: String(rowNumber),
              column: columnName(column),
              max: formatNumber(MAX_CELL_CHARS),
            }),
          )
        return typeof value === 'string' ? clip(value) : value
      }),
    }
}

/** A column as Excel names it: A…Z, AA… */
function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** A record as read, before each cell is checked and cut (TOO_LONG: a shared text too long to keep). */
type RawRecord = { rowNumber: number; values: (CellValue | typeof TOO_LONG)[] }

async function* readCsvRecords(source: Readable): AsyncGenerator<RawRecord> {
  const guarded = source.pipe(utf8Guard())
  source.on('error', (error) => guarded.destroy(error))
  const chunks = guarded[Symbol.asyncIterator]() as AsyncIterator<Buffer>

  // The header line decides the delimiter (comma, or semicolon from a European Excel, or tab).
  const head: Buffer[] = []
  let delimiter: string | undefined
  while (delimiter === undefined) {
    const next = await chunks.next().catch(rethrowFileError)
    const text = Buffer.concat(next.done ? head : [...head, next.value])
      .toString('utf8')
      .replace(/^\uFEFF/, '')
    if (!next.done) head.push(next.value)
    const end = text.search(/\r?\n/)
    if (next.done || end !== -1 || text.length >= 64 * 1024)
      delimiter = sniffDelimiter(end === -1 ? text : text.slice(0, end))
  }
  if (head.length === 0) throw new ImportFileError(m.tools_upload_empty())

  const parser = parseCsv({
    bom: true,
    delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 64 * 1024,
  })
  // Written in small slices, waiting for the parser to drain: a stored file arrives as one chunk,
  // and a single 5 MB write would be parsed at once into every record of the file in memory.
  const write = async (chunk: Buffer) => {
    for (let at = 0; at < chunk.length && !parser.destroyed; at += PARSE_SLICE) {
      if (!parser.write(chunk.subarray(at, at + PARSE_SLICE)))
        // A parser destroyed meanwhile (the reader stopped at an error) never drains: stop then too.
        // Whichever comes first removes both listeners: a 'close' listener left behind by every
        // drain piled up (MaxListenersExceededWarning after ten slices of a large file).
        await new Promise<void>((resolve) => {
          const settle = () => {
            parser.off('drain', settle)
            parser.off('close', settle)
            resolve()
          }
          parser.on('drain', settle)
          parser.on('close', settle)
        })
    }
  }
  const feed = (async () => {
    for (const chunk of head) await write(chunk)
    for (let next = await chunks.next(); !next.done && !parser.destroyed; next = await chunks.next())
      await write(next.value)
    if (!parser.destroyed) parser.end()
  })().catch((error: unknown) => parser.destroy(error instanceof Error ? error : new Error(String(error))))

  let rowNumber = 0
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++
      yield { rowNumber, values: record.map((value) => restoreText(value)) }
    }
  } catch (error) {
    rethrowFileError(error)
  } finally {
    await feed
  }
}

function rethrowFileError(error: unknown): never {
  if (error instanceof ImportFileError) throw error
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines
    const where = line ? m.tools_file_line({ line: String(line) }) : ''
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') throw new ImportFileError(where + m.tools_file_quote_open())
    if (error.code === 'CSV_MAX_RECORD_SIZE') throw new ImportFileError(where + m.tools_file_row_too_long())
    throw new ImportFileError(where + m.tools_file_not_csv({ code: error.code }))
  }
  throw error
}

async function* readXlsxRecords(source: Readable): AsyncGenerator<RawRecord> {
  // The stored file, whole (it is at most MAX_IMPORT_BYTES): a zip is read from its end.
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of source as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_IMPORT_BYTES)
      throw new ImportFileError(
        m.tools_upload_too_large({ size: formatNumber(MAX_IMPORT_BYTES / 1024 / 1024) }),
      )
    chunks.push(chunk)
  }
  try {
    for await (const row of readXlsxRows(Buffer.concat(chunks)))
      yield { rowNumber: row.rowNumber, values: row.values.map(toCellValue) }
  } catch (error) {
    if (error instanceof ImportFileError) throw error
    if (error instanceof XlsxLimitError) throw new ImportFileError(error.message)
    throw new ImportFileError(m.tools_file_xlsx_damaged(), { cause: error })
  }
}

/** exceljs cell values (rich text, hyperlinks, formulas, errors) as the plain CellValue kinds. */
function toCellValue(value: unknown): CellValue | typeof TOO_LONG {
  if (value === null || value === undefined) return null
  if (value === TOO_LONG) return TOO_LONG
  if (typeof value === 'string') return restoreText(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>
    if ('formula' in cell || 'sharedFormula' in cell)
      return { formula: String(cell.formula ?? cell.sharedFormula ?? '') }
    if (Array.isArray(cell.richText))
      return restoreText((cell.richText as { text?: string }[]).map((part) => part.text ?? '').join(''))
    if ('text' in cell) return restoreText(String(cell.text))
    if ('error' in cell) return String(cell.error)
  }
  return String(value)
}

const clip = (text: string) => (text.length > MAX_CELL_LENGTH ? text.slice(0, MAX_CELL_LENGTH) : text)

/**
 * The sheet's header, then each data row read against it. A file whose columns cannot be used, or
 * with more than MAX_IMPORT_ROWS rows, is an ImportFileError before or when it is reached.
 */
export async function* readImportRows(
  kind: SheetKind,
  source: Readable,
): AsyncGenerator<{ header: HeaderMap } | { row: SheetRow }> {
  const seen = new Map<string, number>()
  let header: HeaderMap | undefined
  let count = 0
  let records = 0
  for await (const { rowNumber, values } of readSheetRecords(kind, source)) {
    // Blank rows count too: a file of a million empty lines is no sheet either.
    if (++records > SHEET_LIMITS.rows)
      throw new ImportFileError(m.tools_file_too_many_rows({ rows: formatNumber(MAX_IMPORT_ROWS) }))
    if (!header) {
      if (values.every((value) => value === null || String(value).trim() === '')) continue
      header = mapHeader(values.map((value) => (value === null ? '' : String(value))))
      if (header.errors.length > 0) throw new ImportFileError(header.errors.join('. '))
      yield { header }
      continue
    }
    const row = readSheetRow(rowNumber, values, header, seen)
    if (!row) continue
    if (++count > MAX_IMPORT_ROWS)
      throw new ImportFileError(m.tools_file_too_many_rows({ rows: formatNumber(MAX_IMPORT_ROWS) }))
    yield { row }
  }
  if (!header) throw new ImportFileError(m.tools_upload_empty())
  if (count === 0) throw new ImportFileError(m.tools_file_no_rows())
}

/**
 * The error report: the uploaded file again, in its own format, with only the rows that have
 * errors and an Error column added, so the seller fixes those rows and uploads the report itself.
 */
export async function writeErrorReport(
  kind: SheetKind,
  source: Readable,
  errorsByRow: ReadonlyMap<number, string>,
  out: Writable,
): Promise<void> {
  const records = readSheetRecords(kind, source)
  let header: CellValue[] | undefined
  const keep = async function* () {
    for await (const { rowNumber, values } of records) {
      if (!header) {
        header = values
        yield [...values, ERROR_COLUMN]
      } else {
        const error = errorsByRow.get(rowNumber)
        if (error) yield [...values, error]
      }
    }
  }
  if (kind === 'csv') {
    // A spreadsheet date cell has no zone: its UTC fields are the day the seller typed (import-values).
    const csv = stringifyCsv({ bom: true, cast: { date: (d) => d.toISOString().slice(0, 10) } })
    await pipeline(
      async function* () {
        for await (const row of keep()) yield row.map((value) => reportCell(value))
      },
      csv,
      out,
    )
    return
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet('Errors')
  for await (const row of keep()) sheet.addRow(row.map((value) => reportCell(value))).commit()
  sheet.commit()
  await workbook.commit()
}

/** A cell echoed into the error report: formulas and formula-like text as defused text. */
function reportCell(value: CellValue): string | number | boolean | Date | null {
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return neutraliseText(`=${value.formula}`)
  return typeof value === 'string' ? neutraliseText(value) : value
}
