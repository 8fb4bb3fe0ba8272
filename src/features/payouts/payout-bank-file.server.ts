import '@tanstack/react-start/server-only'
import { stringify } from 'csv-stringify/sync'
import ExcelJS from 'exceljs'
import { m } from '~/lib/messages'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { DbOrTx } from '~/server/db/client.server'
import { batchLines, payoutBatchDetail } from './payouts.server'
import type { PayoutFileFormat } from './payouts.schemas'

/**
 * A batch as a bank group-transfer file (انتقال گروهی پایا/ساتنا): one row per payout still in
 * transit, in the columns Iranian banks' group-transfer uploads take — row number, destination
 * Sheba, amount in rials (digits only, no separators), the account holder's name, and our
 * reference as the transfer's description (it comes back on the bank's statement).
 *
 * What could be checked: Bank Resalat's group transfer (https://epayment.rqb.ir/EPaymentFeatures.aspx,
 * "انتقال وجه گروهی") documents a comma-separated file of exactly this order — row number,
 * destination (a card there), amount without separators, holder's name; Bank Saman's group Paya
 * (https://www.sb24.ir, "پایای گروهی") needs the destination Sheba of each row but builds its
 * file in its own desktop program. No bank's published Sheba group-transfer layout could be found
 * and verified, so this file follows the common shape above; an operator whose bank wants another
 * column order or a fixed-width text file maps these columns once in the bank's tool.
 */

type Cell = string | number

/** Text a spreadsheet would run as a formula (=, +, -, @ first) starts with an apostrophe. */
const plainText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

export interface BankFile {
  body: Buffer
  fileStem: string
}

export async function payoutBankFile(
  db: DbOrTx,
  auth: AuthContext | null,
  batchId: number,
  format: PayoutFileFormat,
): Promise<BankFile> {
  requireAdmin(auth)
  const { batch } = await payoutBatchDetail(db, auth, batchId)
  const lines = (await batchLines(db, batchId)).filter((line) => line.status === 'in_transit')
  const header = [
    m.payouts_file_row(),
    m.payouts_file_sheba(),
    m.payouts_file_amount(),
    m.payouts_file_holder(),
    m.payouts_file_reference(),
  ]
  const rows: Cell[][] = lines.map((line, i) => [
    i + 1,
    line.sheba,
    line.amount,
    plainText(line.holder_name),
    line.reference,
  ])
  const fileStem = `omdeh-payouts-${batch.period}`
  if (format === 'csv') return { body: Buffer.from(stringify([header, ...rows], { bom: true })), fileStem }
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(batch.period, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = [
    { header: header[0], width: 8 },
    // Text, so a spreadsheet never turns a Sheba into a number.
    { header: header[1], width: 30, style: { numFmt: '@' } },
    { header: header[2], width: 16, style: { numFmt: '0' } },
    { header: header[3], width: 32 },
    { header: header[4], width: 16 },
  ]
  sheet.getRow(1).font = { bold: true }
  for (const row of rows) sheet.addRow(row)
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), fileStem }
}
