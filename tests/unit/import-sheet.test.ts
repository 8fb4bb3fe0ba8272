import { Readable, Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import { rowMessage, type SheetRow } from '~/features/imports/import-rows'
import { neutraliseText, restoreText } from '~/features/imports/import-values'
import {
  ImportFileError,
  detectSheetKind,
  readImportRows,
  readSheetRecords,
  writeErrorReport,
  type SheetKind,
} from '~/features/imports/import-sheet.server'

const HEADERS = SHEET_COLUMNS.map((c) => c.header)

async function readAll(kind: SheetKind, bytes: Buffer) {
  const rows: SheetRow[] = []
  for await (const item of readImportRows(kind, Readable.from([bytes])))
    if ('row' in item) rows.push(item.row)
  return rows
}

async function readFile(bytes: Buffer) {
  return readAll(await detectSheetKind(bytes.subarray(0, 4100)), bytes)
}

async function fileError(bytes: Buffer): Promise<string> {
  try {
    await readFile(bytes)
  } catch (error) {
    if (error instanceof ImportFileError) return error.message
    throw error
  }
  return 'no error'
}

function csv(lines: string[]) {
  return Buffer.from(lines.join('\r\n'), 'utf8')
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Prices')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

function collect(): { out: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = []
  const out = new Writable({
    write(chunk, _e, done) {
      chunks.push(Buffer.from(chunk))
      done()
    },
  })
  return { out, bytes: () => Buffer.concat(chunks) }
}

describe('reading a CSV price sheet', () => {
  it('reads a UTF-8 file with BOM, Persian digits, separators and a quoted comma', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv([
        HEADERS.join(','),
        'RICE-5KG,Main,"Rice, long grain",۱۲,۲۰,no,1,"1,250,000",0,2026-12-01,,10,"1,100,000","990,000",,,,,,,',
        'OIL-1L,Main,Oil,5,,yes,,,,,,,,,,,,,,,',
      ]),
    ])
    const rows = await readFile(bytes)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      rowNumber: 2,
      sku: 'RICE-5KG',
      currentStock: 12,
      newStock: 20,
      alwaysAvailable: false,
      errors: [],
    })
    expect(rows[0]!.tiers).toEqual([
      {
        minQuantity: 1,
        unitPrice: 1_250_000,
        offerPrice: 0,
        validFrom: new Date('2026-11-30T20:30:00Z'),
        validTo: null,
      },
      { minQuantity: 10, unitPrice: 1_100_000, offerPrice: 990_000, validFrom: null, validTo: null },
    ])
    // No new stock and no tier figures: stock and tiers stay as they are.
    expect(rows[1]).toMatchObject({
      sku: 'OIL-1L',
      newStock: null,
      alwaysAvailable: true,
      tiers: null,
      errors: [],
    })
  })

  it('reads a semicolon file from a European Excel and a stray quote mark inside a cell', async () => {
    const rows = await readFile(csv(['SKU code;Current stock;New stock', 'PIPE-5";3;7']))
    expect(rows[0]).toMatchObject({ sku: 'PIPE-5"', currentStock: 3, newStock: 7, errors: [] })
  })

  it('puts row errors in words and refuses a SKU listed twice', async () => {
    const rows = await readFile(
      csv(['SKU code,Current stock,New stock', 'A-1,3,-2', 'A-2,,5', 'A-1,3,4', 'A-3,3,4.5']),
    )
    expect(rows.map((row) => row.errors.map((e) => rowMessage(row.rowNumber, e)))).toEqual([
      ['Row 2: new stock -2 is negative'],
      ['Row 3: current stock is empty: it must be the stock you started from'],
      ['Row 4: SKU A-1 is listed twice (first on row 2)'],
      ['Row 5: new stock 4.5 is not a whole number'],
    ])
  })

  it('names what is wrong with the file as a whole', async () => {
    expect(await fileError(Buffer.alloc(0))).toBe('The file is empty')
    expect(await fileError(csv(['Code,Qty', 'A,1']))).toBe('The column "SKU code" is missing')
    expect(await fileError(csv(['SKU code,New stock', 'A,1']))).toMatch(/"Current stock" is missing/)
    expect(await fileError(csv(['SKU code,Tier 1 min quantity,Tier 1 unit price', 'A,1,2']))).toMatch(
      /Tier 1 is missing the columns "Tier 1 offer price", "Tier 1 valid from", "Tier 1 valid to"/,
    )
    expect(await fileError(csv(['SKU code,Current stock,New stock']))).toBe(
      'The file has a header but no rows',
    )
    expect(await fileError(csv(['SKU code,Current stock,New stock', '"A,1,2']))).toMatch(
      /quote mark opens a cell/,
    )
    // An executable renamed .csv, UTF-16 text and Windows-1256 text.
    expect(await fileError(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array(60).fill(0)]))).toMatch(
      /is a ELF file|not a text file/,
    )
    expect(await fileError(Buffer.from('\ufeffSKU code', 'utf16le'))).toMatch(/UTF-16/)
    expect(
      await fileError(
        Buffer.from([
          ...Buffer.from('SKU code,Current stock,New stock\r\n'),
          0xe1,
          0xed,
          0x2c,
          0x31,
          0x2c,
          0x32,
        ]),
      ),
    ).toMatch(/not UTF-8 text/)
  })

  it('reads a large file in slices without piling up listeners on the parser', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const lines = Array.from({ length: 30_000 }, (_, i) => `BIG-${i},Store,Product,5,${i % 90},no`)
      const bytes = csv([HEADERS.slice(0, 6).join(','), ...lines]) // about 1 MB: fifteen slices
      expect(bytes.length).toBeGreaterThan(12 * 64 * 1024)
      const rows = await readAll('csv', bytes)
      expect(rows).toHaveLength(30_000)
      expect(rows.at(-1)).toMatchObject({ rowNumber: 30_001, sku: 'BIG-29999' })
      await new Promise((resolve) => setImmediate(resolve)) // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning')
  })

  it('refuses more than 100,000 rows', async () => {
    const lines = ['SKU code,Current stock,New stock']
    for (let i = 0; i <= 100_000; i++) lines.push(`S${i},1,2`)
    expect(await fileError(csv(lines))).toBe('The file has more than 100,000 rows: split it')
  })
})

describe('reading an XLSX price sheet', () => {
  it('reads numbers, dates and text cells, and refuses formula cells', async () => {
    const bytes = await xlsx([
      ['SKU code', 'Current stock', 'New stock', ...HEADERS.slice(6, 11)],
      ['RICE-5KG', 12, 20, 1, 1_250_000, 0, new Date(Date.UTC(2026, 11, 1)), null],
      ['OIL-1L', 5, { formula: 'B3*2', result: 10 }, null, null, null, null, null],
    ])
    expect(await detectSheetKind(bytes.subarray(0, 4100))).toBe('xlsx')
    const rows = await readAll('xlsx', bytes)
    expect(rows[0]).toMatchObject({ sku: 'RICE-5KG', currentStock: 12, newStock: 20, errors: [] })
    expect(rows[0]!.tiers).toEqual([
      {
        minQuantity: 1,
        unitPrice: 1_250_000,
        offerPrice: 0,
        validFrom: new Date('2026-11-30T20:30:00Z'),
        validTo: null,
      },
    ])
    expect(rows[1]!.errors).toEqual(['New stock is a formula; paste the value instead'])
  })

  it('reads a sound workbook every time, its shared strings stored after the sheet', async () => {
    // Excel and exceljs store the sheet before its shared strings, so the reader parks the sheet
    // in a temporary file; unpatched, it then lost the rest of the zip about once in 300 reads
    // and called a sound file damaged (patches/exceljs+4.4.0.patch).
    const bytes = await xlsx([
      ['SKU code', 'Current stock', 'New stock'],
      ['A-1', 3, 4],
    ])
    const outcomes = new Map<string, number>()
    for (let read = 0; read < 1500; read++) {
      const outcome = await readAll('xlsx', bytes).then(
        (rows) => rows.map((row) => `${row.sku}:${row.newStock}`).join(),
        (error: Error) => error.message,
      )
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    }
    expect(Object.fromEntries(outcomes)).toEqual({ 'A-1:4': 1500 })
  })

  it('refuses a zip that is not a workbook and a damaged workbook', async () => {
    const bytes = await xlsx([
      ['SKU code', 'Current stock', 'New stock'],
      ['A', 1, 2],
    ])
    expect(await fileError(bytes.subarray(0, bytes.length - 200))).toMatch(
      /could not be read|not an Excel workbook/,
    )
  })
})

describe('the error report', () => {
  it('is the uploaded CSV with only the failed rows and an Error column', async () => {
    const source = csv(['SKU code,Current stock,New stock', 'A-1,3,-2', 'A-2,3,5', 'A-3,3,x'])
    const { out, bytes } = collect()
    await writeErrorReport(
      'csv',
      Readable.from([source]),
      new Map([
        [2, 'new stock -2 is negative'],
        [4, 'bad'],
      ]),
      out,
    )
    expect(bytes().toString('utf8')).toBe(
      '\ufeffSKU code,Current stock,New stock,Error\nA-1,3,-2,new stock -2 is negative\nA-3,3,x,bad\n',
    )
  })

  it('is an XLSX when the upload was one', async () => {
    const source = await xlsx([
      ['SKU code', 'Current stock', 'New stock'],
      ['A-1', 3, -2],
      ['A-2', 3, 5],
    ])
    const { out, bytes } = collect()
    await writeErrorReport('xlsx', Readable.from([source]), new Map([[2, 'new stock -2 is negative']]), out)
    const records = []
    for await (const record of readSheetRecords('xlsx', Readable.from([bytes()]))) records.push(record.values)
    expect(records).toEqual([
      ['SKU code', 'Current stock', 'New stock', 'Error'],
      ['A-1', 3, -2, 'new stock -2 is negative'],
    ])
  })
})

describe('formula injection', () => {
  it('defuses text a spreadsheet would run, and reads it back exactly', () => {
    const cases: [string, string][] = [
      ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
      ['+cmd|/c calc', "'+cmd|/c calc"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ['-5', '-5'],
      ['+1,000', '+1,000'],
      ['Rice 10 kg', 'Rice 10 kg'],
      ["'quoted", "'quoted"],
    ]
    for (const [text, written] of cases) {
      expect(neutraliseText(text), text).toBe(written)
      expect(restoreText(written), text).toBe(text)
    }
  })

  it('the error report echoes formula-like cells defused, and they read back as typed', async () => {
    const evil = '=HYPERLINK("http://evil.example","x")'
    const source = csv([
      'SKU code,Current stock,New stock',
      `"${evil.replace(/"/g, '""')}",3,-2`,
      '@A-2,3,-4',
    ])
    const { out, bytes } = collect()
    await writeErrorReport(
      'csv',
      Readable.from([source]),
      new Map([
        [2, 'bad'],
        [3, 'bad'],
      ]),
      out,
    )
    const text = bytes().toString('utf8')
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",3,-2,bad`)
    expect(text).toContain("'@A-2,3,-4,bad")
    const back = []
    for await (const record of readSheetRecords('csv', Readable.from([bytes()]))) back.push(record.values)
    expect(back.slice(1).map((r) => r[0])).toEqual([evil, '@A-2'])

    const book = await xlsx([
      ['SKU code', 'Current stock', 'New stock'],
      ['A-1', 3, { formula: 'SUM(1,2)' }],
    ])
    const report = collect()
    await writeErrorReport('xlsx', Readable.from([book]), new Map([[2, 'bad']]), report.out)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(report.bytes() as unknown as ArrayBuffer)
    // Written as text with the defusing quote, never as a live formula.
    expect(workbook.worksheets[0]!.getRow(2).getCell(3).value).toBe("'=SUM(1,2)")
  })
})
