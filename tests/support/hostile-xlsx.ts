/**
 * Hostile spreadsheets for the import's tests (issue #35), built by hand: a zip written here, so a
 * test can make a part expand to hundreds of megabytes from a few hundred kilobytes, lie about its
 * sizes, or hold a thousand parts, without the test itself ever holding the expanded bytes.
 *
 * A part is a list of pieces: literal text, or `{ repeat, times }`, whose deflated form is made once
 * from a block of about 1 MB of the pattern and then written `times / per block` times (deflate
 * blocks flushed with Z_SYNC_FLUSH join into one stream). "A" × 400 MB deflates to ~400 KB.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib'
import { SHEET_COLUMNS } from '~/features/imports/import-format'

export type Piece = string | { repeat: string; times: number }

export interface Part {
  name: string
  pieces: Piece[]
  /** The uncompressed size the zip states (a lie when set); the real one by default. */
  declaredSize?: number
}

const MB = 1024 * 1024

/** A pattern repeated into a block of about 1 MB, and how many times the block goes into the run. */
function runBlocks(piece: { repeat: string; times: number }) {
  const pattern = Buffer.from(piece.repeat)
  const perBlock = Math.max(1, Math.min(piece.times, Math.floor(MB / pattern.length)))
  const block = Buffer.alloc(perBlock * pattern.length)
  for (let at = 0; at < block.length; at += pattern.length) pattern.copy(block, at)
  const whole = Math.floor(piece.times / perBlock)
  const rest = block.subarray(0, (piece.times - whole * perBlock) * pattern.length)
  return { block, whole, rest }
}

/** A piece deflated (non-final blocks), its size and the running CRC-32 after it. */
function deflatedPiece(piece: Piece, crcBefore: number): { data: Buffer[]; size: number; crc: number } {
  const sync = { finishFlush: constants.Z_SYNC_FLUSH }
  if (typeof piece === 'string') {
    const bytes = Buffer.from(piece)
    return { data: [deflateRawSync(bytes, sync)], size: bytes.length, crc: crc32(bytes, crcBefore) }
  }
  const { block, whole, rest } = runBlocks(piece)
  const blockDeflated = deflateRawSync(block, sync)
  const data: Buffer[] = Array.from({ length: whole }, () => blockDeflated)
  if (rest.length) data.push(deflateRawSync(rest, sync))
  // The CRC of the whole run, block by block (never the run itself in memory).
  let crc = crcBefore
  for (let i = 0; i < whole; i++) crc = crc32(block, crc)
  if (rest.length) crc = crc32(rest, crc)
  return { data, size: whole * block.length + rest.length, crc }
}

/** A zip of these parts, deflated, with a central directory (sizes as declared). */
export function hostileZip(parts: Part[]): Buffer {
  const chunks: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const part of parts) {
    const data: Buffer[] = []
    let size = 0
    let crc = 0
    for (const piece of part.pieces) {
      const deflated = deflatedPiece(piece, crc)
      data.push(...deflated.data)
      crc = deflated.crc
      size += deflated.size
    }
    data.push(deflateRawSync(Buffer.alloc(0))) // the final, empty block
    const compressed = data.reduce((n, b) => n + b.length, 0)
    const declared = part.declaredSize ?? size
    const name = Buffer.from(part.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc >>> 0, 14)
    local.writeUInt32LE(compressed, 18)
    local.writeUInt32LE(declared, 22)
    local.writeUInt16LE(name.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(0, 8)
    header.writeUInt16LE(8, 10)
    header.writeUInt32LE(crc >>> 0, 16)
    header.writeUInt32LE(compressed, 20)
    header.writeUInt32LE(declared, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    central.push(header, name)
    chunks.push(local, name, ...data)
    offset += 30 + name.length + compressed
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...chunks, directory, end])
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Prices" sheetId="1" r:id="rId1"/></sheets></workbook>`
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`

export const SHEET_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
export const SHEET_END = `</sheetData></worksheet>`

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
const letters = (index: number) => {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** The sheet's header row (row 1), as inline strings. */
export const HEADER_ROW = `<row r="1">${SHEET_COLUMNS.map(
  (c, i) => `<c r="${letters(i)}1" t="inlineStr"><is><t>${escape(c.header)}</t></is></c>`,
).join('')}</row>`

/**
 * An XLSX whose first sheet's XML is `sheet` (pieces between <sheetData> and its end) and whose
 * shared texts are `shared` (pieces inside <sst>), plus any parts more.
 */
export function hostileXlsx(options: {
  sheet?: Piece[]
  shared?: Piece[]
  sheetDeclaredSize?: number
  sharedDeclaredSize?: number
  extraParts?: Part[]
  /** The whole sheet part, instead of the sheetData wrapper. */
  rawSheet?: Piece[]
}): Buffer {
  const parts: Part[] = [
    { name: '[Content_Types].xml', pieces: [CONTENT_TYPES] },
    { name: '_rels/.rels', pieces: [ROOT_RELS] },
    { name: 'xl/workbook.xml', pieces: [WORKBOOK] },
    { name: 'xl/_rels/workbook.xml.rels', pieces: [WORKBOOK_RELS] },
  ]
  if (options.shared)
    parts.push({
      name: 'xl/sharedStrings.xml',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`,
        ...options.shared,
        `</sst>`,
      ],
      declaredSize: options.sharedDeclaredSize,
    })
  parts.push({
    name: 'xl/worksheets/sheet1.xml',
    pieces: options.rawSheet ?? [SHEET_START, ...(options.sheet ?? [HEADER_ROW]), SHEET_END],
    declaredSize: options.sheetDeclaredSize,
  })
  parts.push(...(options.extraParts ?? []))
  return hostileZip(parts)
}

/** Issue #35's file: one inline-string cell of 400 MB of "A" under the header (~400 KB zipped). */
export const fourHundredMegabyteCell = (megabytes = 400) =>
  hostileXlsx({
    sheet: [
      HEADER_ROW,
      `<row r="2"><c r="A2" t="inlineStr"><is><t>`,
      { repeat: 'A', times: megabytes * MB },
      `</t></is></c></row>`,
    ],
  })
