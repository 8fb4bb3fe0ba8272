import '@tanstack/react-start/server-only'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify as stringifyCsv } from 'csv-stringify'
import ExcelJS from 'exceljs'
import { STATEMENT_MAX_LIMIT } from '~/features/ledger/index.server'
import { m } from '~/lib/messages'
import { formatTehranMinute } from '~/lib/tehran-time'
import type { DbOrTx } from '~/server/db/client.server'
import { statementPageOf } from './seller-finance.server'
import { EXPORT_MAX_ROWS, type ExportFormat, type StatementFilters } from './seller-finance.schemas'
import { statementAccountLabel, statementLineWords } from './statement-words'

/**
 * The statement's export (CSV or XLSX): every line the filters find, newest first, as the table
 * shows them, with each order line's gross, commission and VAT. Read page by page through the
 * ledger's keyset (never one big query); the route counted the lines first (at most EXPORT_MAX_ROWS).
 */

const header = () => [
  m.finance_col_date(),
  m.finance_col_description(),
  m.finance_col_account(),
  m.finance_col_amount(),
  m.finance_col_order(),
  m.finance_col_gross(),
  m.finance_col_commission(),
  m.finance_col_vat(),
  m.finance_col_reference(),
]

/** The rows after the header: cells are dates, words the app wrote, numbers and order numbers. */
export async function* statementRows(
  db: DbOrTx,
  sellerId: number,
  filters: StatementFilters,
): AsyncGenerator<(string | number)[]> {
  let cursor: string | null = null
  let written = 0
  do {
    const page = await statementPageOf(db, sellerId, { ...filters, cursor, limit: STATEMENT_MAX_LIMIT })
    for (const line of page.lines) {
      if (written++ >= EXPORT_MAX_ROWS) return
      yield [
        formatTehranMinute(line.at),
        statementLineWords(line),
        statementAccountLabel(line.account),
        line.amount,
        line.order?.number ?? '',
        line.order?.gross ?? '',
        line.order?.commission ?? '',
        line.order?.commission_vat ?? '',
        `${line.reference_type}:${line.reference_id}`,
      ]
    }
    cursor = page.next
  } while (cursor)
}

export async function writeStatementExport(
  db: DbOrTx,
  sellerId: number,
  filters: StatementFilters,
  format: ExportFormat,
  out: Writable,
): Promise<void> {
  if (format === 'csv') {
    await pipeline(
      async function* () {
        yield header()
        yield* statementRows(db, sellerId, filters)
      },
      stringifyCsv({ bom: true }),
      out,
    )
    return
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet('Statement', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = header().map((name) => ({ header: name, width: Math.max(14, name.length + 2) }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  for await (const cells of statementRows(db, sellerId, filters)) sheet.addRow(cells).commit()
  sheet.commit()
  await workbook.commit()
}
