import '@tanstack/react-start/server-only'
import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import ExcelJS from 'exceljs'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { MAX_CELL_CHARS, MAX_IMPORT_ROWS, SHEET_LIMITS } from './import-format'

/**
 * The rows of an XLSX's first worksheet, read within SHEET_LIMITS (issue #35). exceljs parses the
 * XML (cell types, shared texts, dates by their number format), but the zip is opened here rather
 * than by exceljs's own streaming reader, which inflates whatever the file holds and keeps every
 * shared text in memory: a 413 KB file with one 400 MB cell ran the server out of memory.
 *
 * - The zip's central directory is read first: too many parts, or a part that declares more bytes
 *   than its limit, is refused before anything is inflated. Only the parts needed are inflated
 *   (relationships, workbook, styles, shared texts, the first sheet), each once, in that order, so a
 *   sheet never waits on disk for texts stored after it.
 * - Each part inflates a slice at a time; more bytes than it declared (a zip may lie) stop it.
 * - Its XML is scanned as it streams (XmlGuard): one text or tag longer than `xmlRun`, nesting
 *   deeper than `xmlDepth`, a DOCTYPE (entity expansion), too many rows, cells, columns, shared
 *   texts or elements stop it before exceljs's parser could hold them.
 * Every refusal is an XlsxLimitError with a message for the seller.
 */

export class XlsxLimitError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'XlsxLimitError'
  }
}

const damaged = () => new XlsxLimitError(m.tools_file_xlsx_damaged())
const tooBig = (bytes: number) =>
  new XlsxLimitError(m.tools_file_xlsx_too_big({ size: formatNumber(Math.round(bytes / 1024 / 1024)) }))

/** Compressed bytes handed to zlib at a time: deflate expands at most ~1,000 times, so ≤ 1 MB out. */
const INFLATE_SLICE = 1024
const STORED_SLICE = 64 * 1024

// ---------------------------------------------------------------------------------------------
// The zip's central directory

interface ZipEntry {
  name: string
  flags: number
  method: number
  compressedSize: number
  size: number
  offset: number
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

function zipEntries(zip: Buffer): ZipEntry[] {
  let eocd = -1
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === EOCD) {
      eocd = at
      break
    }
  if (eocd < 0) throw damaged()
  const count = zip.readUInt16LE(eocd + 10)
  const directorySize = zip.readUInt32LE(eocd + 12)
  const directoryOffset = zip.readUInt32LE(eocd + 16)
  // ZIP64 marks: an import file is far below 4 GB, and so is any part a sheet may expand to.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw damaged()
  if (count > SHEET_LIMITS.parts)
    throw new XlsxLimitError(m.tools_file_xlsx_too_many_parts({ count: formatNumber(SHEET_LIMITS.parts) }))
  if (directoryOffset + directorySize > eocd) throw damaged()
  const entries: ZipEntry[] = []
  let at = directoryOffset
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || zip.readUInt32LE(at) !== CENTRAL) throw damaged()
    const nameLength = zip.readUInt16LE(at + 28)
    entries.push({
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    })
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return entries
}

/** An entry's stored bytes, after its local header. */
function entryData(zip: Buffer, entry: ZipEntry): Buffer {
  const { offset } = entry
  if (offset + 30 > zip.length || zip.readUInt32LE(offset) !== LOCAL) throw damaged()
  const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28)
  const end = start + entry.compressedSize
  // Encrypted parts, ZIP64 sizes and methods other than stored and deflate are no workbook's.
  if (entry.flags & 1 || entry.size === 0xffffffff || end > zip.length) throw damaged()
  if (entry.method === 0 && entry.compressedSize !== entry.size) throw damaged()
  if (entry.method !== 0 && entry.method !== 8) throw damaged()
  return zip.subarray(start, end)
}

function* slices(data: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size)
}

/** Raw deflate, inflated as it is read: zlib gets the next slice only once the last one is taken. */
async function* inflated(data: Buffer, open: Set<{ destroy(): void }>): AsyncGenerator<Buffer> {
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 })
  const input = Readable.from(slices(data, INFLATE_SLICE), {
    objectMode: false,
    highWaterMark: INFLATE_SLICE,
  })
  open.add(inflater).add(input)
  input.on('error', (error) => inflater.destroy(error))
  input.pipe(inflater)
  try {
    for await (const chunk of inflater) yield chunk as Buffer
  } finally {
    input.destroy()
    inflater.destroy()
    open.delete(inflater)
    open.delete(input)
  }
}

// ---------------------------------------------------------------------------------------------
// The XML guard

interface ElementCap {
  /** Local name of the element counted (`row`, `c`, `si`…). */
  name: string
  max: number
  /** Counted afresh inside each of these (cells within a row). */
  within?: string
  error: () => XlsxLimitError
}

interface GuardLimits {
  /** Elements of any name. */
  elements: number
  caps: ElementCap[]
}

const LT = 0x3c
const GT = 0x3e
const SLASH = 0x2f
const QUESTION = 0x3f
const BANG = 0x21
const DASH = 0x2d
const RBRACKET = 0x5d
const QUOTE = 0x22
const APOS = 0x27

const enum State {
  Text,
  Open,
  StartTag,
  AttrValue,
  EndTag,
  Instruction,
  Bang,
  Comment,
  CData,
}

/**
 * A byte-level scan of XML as it streams, in front of the parser: it keeps no text, only counters,
 * so it refuses what would make the parser hold too much (one huge text, attribute or comment; deep
 * nesting; too many elements) before the parser sees it. UTF-8 never uses these ASCII bytes inside a
 * multi-byte character, so bytes are enough.
 */
export class XmlGuard {
  private state = State.Text
  /** Bytes since the `<` that opened the current tag or the text after it. */
  private run = 0
  private depth = 0
  private elements = 0
  private name = ''
  private readingName = false
  private quote = 0
  private prev = 0
  private prev2 = 0
  private bang = ''
  private readonly counts: number[]

  constructor(private readonly limits: GuardLimits) {
    this.counts = limits.caps.map(() => 0)
  }

  scan(chunk: Uint8Array): void {
    const maxRun = SHEET_LIMITS.xmlRun
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!
      if (++this.run > maxRun)
        throw new XlsxLimitError(m.tools_file_text_too_long({ max: formatNumber(MAX_CELL_CHARS) }))
      switch (this.state) {
        case State.Text:
          if (byte === LT) {
            this.state = State.Open
            this.run = 1
          }
          break
        case State.Open:
          if (byte === SLASH) this.state = State.EndTag
          else if (byte === QUESTION) {
            this.state = State.Instruction
            this.prev = 0
          } else if (byte === BANG) {
            this.state = State.Bang
            this.bang = ''
          } else {
            this.state = State.StartTag
            if (++this.depth > SHEET_LIMITS.xmlDepth || ++this.elements > this.limits.elements)
              throw damaged()
            this.name = String.fromCharCode(byte)
            this.readingName = true
            this.prev = byte
          }
          break
        case State.StartTag:
          if (this.readingName) {
            if (
              byte === 0x20 ||
              byte === 0x09 ||
              byte === 0x0a ||
              byte === 0x0d ||
              byte === SLASH ||
              byte === GT
            ) {
              this.readingName = false
              this.opened(this.name)
            } else if (this.name.length < 64) this.name += String.fromCharCode(byte)
          }
          if (byte === QUOTE || byte === APOS) {
            this.state = State.AttrValue
            this.quote = byte
          } else if (byte === GT) {
            if (this.prev === SLASH) this.depth--
            this.state = State.Text
          }
          this.prev = byte
          break
        case State.AttrValue:
          if (byte === this.quote) {
            this.state = State.StartTag
            this.prev = 0
          }
          break
        case State.EndTag:
          if (byte === GT) {
            if (--this.depth < 0) throw damaged()
            this.state = State.Text
          }
          break
        case State.Instruction:
          if (byte === GT && this.prev === QUESTION) this.state = State.Text
          this.prev = byte
          break
        case State.Bang:
          // Comments and CDATA are read to their end (their length counts as one text); anything
          // else after `<!` is a DOCTYPE or an entity declaration, which no workbook has.
          this.bang += String.fromCharCode(byte)
          if (this.bang === '--') this.state = State.Comment
          else if (this.bang === '[CDATA[') this.state = State.CData
          else if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) throw damaged()
          this.prev = this.prev2 = 0
          break
        case State.Comment:
        case State.CData:
          if (
            byte === GT &&
            this.prev === this.prev2 &&
            this.prev === (this.state === State.Comment ? DASH : RBRACKET)
          )
            this.state = State.Text
          this.prev2 = this.prev
          this.prev = byte
          break
      }
    }
  }

  private opened(qualified: string) {
    const name = qualified.slice(qualified.indexOf(':') + 1)
    const { caps } = this.limits
    for (let i = 0; i < caps.length; i++) {
      const cap = caps[i]!
      if (cap.within === name) this.counts[i] = 0
      else if (cap.name === name && ++this.counts[i]! > cap.max) throw cap.error()
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The workbook, through exceljs's parsers

/** exceljs's streaming reader, as far as it is used here: its parsers of each part. */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>
  _parseWorkbook(entry: Readable): Promise<void>
  _parseStyles(entry: Readable): Promise<void>
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: unknown }>
  _parseWorksheet(
    chunks: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ value: AsyncIterable<SheetRowLike> }>
}

export interface SheetRowLike {
  number: number
  cellCount: number
  values: unknown
}

/** A shared text longer than a cell may hold: kept as this mark, refused where a cell uses it. */
export const TOO_LONG = Symbol('text too long')
export type SharedText = string | null | typeof TOO_LONG

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/

const partLimits = (): GuardLimits => ({ elements: SHEET_LIMITS.partElements, caps: [] })

const sharedStringLimits = (): GuardLimits => ({
  elements: Number.MAX_SAFE_INTEGER,
  caps: [
    {
      name: 'si',
      max: SHEET_LIMITS.sharedStrings,
      error: () =>
        new XlsxLimitError(m.tools_file_too_many_texts({ count: formatNumber(SHEET_LIMITS.sharedStrings) })),
    },
    { name: 'r', within: 'si', max: SHEET_LIMITS.runsPerString, error: damaged },
  ],
})

const sheetLimits = (): GuardLimits => {
  // Said as the import's own limit: rows listed count blank ones too, and are allowed twice as many.
  const tooManyRows = () =>
    new XlsxLimitError(m.tools_file_too_many_rows({ rows: formatNumber(MAX_IMPORT_ROWS) }))
  const tooManyColumns = () =>
    new XlsxLimitError(m.tools_file_too_many_columns({ count: formatNumber(SHEET_LIMITS.columns) }))
  return {
    elements: Number.MAX_SAFE_INTEGER,
    caps: [
      { name: 'row', max: SHEET_LIMITS.rows, error: tooManyRows },
      {
        name: 'c',
        max: SHEET_LIMITS.cells,
        error: () =>
          new XlsxLimitError(m.tools_file_too_many_cells({ count: formatNumber(SHEET_LIMITS.cells) })),
      },
      { name: 'c', within: 'row', max: SHEET_LIMITS.columns, error: tooManyColumns },
      { name: 'col', max: 16_384, error: damaged },
    ],
  }
}

/**
 * A part's bytes as text: inflated within what it declared, scanned by its guard, and decoded as
 * one stream (a character split between two chunks stays whole).
 */
async function* partText(
  zip: Buffer,
  entry: ZipEntry,
  limits: GuardLimits,
  open: Set<{ destroy(): void }>,
): AsyncGenerator<string> {
  const data = entryData(zip, entry)
  const guard = new XmlGuard(limits)
  const decoder = new TextDecoder('utf-8')
  let total = 0
  for await (const chunk of entry.method === 0 ? slices(data, STORED_SLICE) : inflated(data, open)) {
    total += chunk.length
    if (total > entry.size) throw damaged()
    guard.scan(chunk)
    const text = decoder.decode(chunk, { stream: true })
    if (text) yield text
  }
  const rest = decoder.decode()
  if (rest) yield rest
}

/** A part as the stream exceljs's parsers take (text chunks, so nothing decodes them again). */
function partStream(zip: Buffer, entry: ZipEntry, limits: GuardLimits, open: Set<{ destroy(): void }>) {
  const stream = Readable.from(partText(zip, entry, limits, open))
  open.add(stream)
  return stream
}

/** Rich text as its plain text, as the sheet reads it. */
function plainText(text: unknown): string | null {
  if (text === null || text === undefined) return null
  if (typeof text === 'string') return text
  const runs = (text as { richText?: { text?: string | null }[] }).richText
  return Array.isArray(runs) ? runs.map((run) => run.text ?? '').join('') : String(text)
}

export interface XlsxRow {
  rowNumber: number
  /** exceljs's cell values, shared texts looked up (TOO_LONG for one longer than a cell may hold). */
  values: unknown[]
}

/**
 * The first worksheet's rows (by the zip's order, as before) with the shared texts they use.
 * Rows past Excel's last (1,048,576), and rows reaching past SHEET_LIMITS.columns, are refused.
 */
export async function* readXlsxRows(zip: Buffer): AsyncGenerator<XlsxRow> {
  const open = new Set<{ destroy(): void }>()
  try {
    const byName = new Map<string, ZipEntry>()
    let sheet: { entry: ZipEntry; number: string } | undefined
    for (const entry of zipEntries(zip)) {
      const sheetNumber = SHEET_PATH.exec(entry.name)?.[1]
      if (sheetNumber !== undefined) sheet ??= { entry, number: sheetNumber }
      else if (!byName.has(entry.name)) byName.set(entry.name, entry)
    }
    const rels = byName.get('xl/_rels/workbook.xml.rels')
    const workbookPart = byName.get('xl/workbook.xml')
    const styles = byName.get('xl/styles.xml')
    const shared = byName.get('xl/sharedStrings.xml')
    // What every part declares, before one byte of them is inflated.
    for (const part of [rels, workbookPart, styles])
      if (part && part.size > SHEET_LIMITS.partBytes) throw tooBig(SHEET_LIMITS.partBytes)
    if (shared && shared.size > SHEET_LIMITS.sharedStringsBytes) throw tooBig(SHEET_LIMITS.sharedStringsBytes)
    if (sheet && sheet.entry.size > SHEET_LIMITS.sheetBytes) throw tooBig(SHEET_LIMITS.sheetBytes)

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: 'emit',
      // Emitted one by one into the table below: plain text, no rich-text objects kept.
      sharedStrings: 'emit',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as WorkbookParts
    if (rels) await reader._parseRels(partStream(zip, rels, partLimits(), open))
    if (workbookPart) await reader._parseWorkbook(partStream(zip, workbookPart, partLimits(), open))
    if (styles) await reader._parseStyles(partStream(zip, styles, partLimits(), open))
    const texts: SharedText[] = []
    if (shared)
      for await (const { text } of reader._parseSharedStrings(
        partStream(zip, shared, sharedStringLimits(), open),
      )) {
        const plain = plainText(text)
        texts.push(plain !== null && plain.length > MAX_CELL_CHARS ? TOO_LONG : plain)
      }
    if (!sheet) throw new XlsxLimitError(m.tools_file_no_sheet())
    const [emitted] = reader._parseWorksheet(partText(zip, sheet.entry, sheetLimits(), open), sheet.number)
    if (!emitted) throw new XlsxLimitError(m.tools_file_no_sheet())
    for await (const row of emitted.value) {
      if (!Number.isInteger(row.number) || row.number < 1 || row.number > 1_048_576) throw damaged()
      if (row.cellCount > SHEET_LIMITS.columns)
        throw new XlsxLimitError(m.tools_file_too_many_columns({ count: formatNumber(SHEET_LIMITS.columns) }))
      const values = (row.values as unknown[]).slice(1)
      for (let i = 0; i < values.length; i++) {
        const value = values[i] as { sharedString?: unknown } | null | undefined
        if (value && typeof value === 'object' && 'sharedString' in value) {
          const index = value.sharedString
          if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= texts.length)
            throw damaged()
          values[i] = texts[index]
        }
      }
      yield { rowNumber: row.number, values }
    }
  } finally {
    for (const stream of open) stream.destroy()
  }
}
