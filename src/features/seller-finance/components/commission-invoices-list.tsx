import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { formatTehranCalendarDay } from '~/lib/tehran-time'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import type { CommissionInvoiceView } from '../seller-finance.schemas'

function nextMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number]
  return mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`
}

/** The month an invoice covers: its first and last Tehran day, in the reader's calendar. */
function monthLabel(month: string): string {
  const last = new Date(Date.parse(`${nextMonth(month)}-01T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10)
  return m.finance_invoice_month({
    from: formatTehranCalendarDay(`${month}-01`),
    to: formatTehranCalendarDay(last),
  })
}

/**
 * The platform's monthly commission invoices to the seller, each with its PDF for the owner (an
 * observer sees the list, as with plan invoices, but not the document).
 */
export function CommissionInvoicesList({
  invoices,
  canDownload,
}: {
  invoices: CommissionInvoiceView[]
  canDownload: boolean
}) {
  if (invoices.length === 0) return <p className="text-sm text-stone-600">{m.finance_invoices_empty()}</p>
  return (
    <Table>
      <THead>
        <Tr>
          <Th>{m.finance_invoice_col_number()}</Th>
          <Th>{m.finance_invoice_col_month()}</Th>
          <Th>{m.finance_col_commission()}</Th>
          <Th>{m.finance_col_vat()}</Th>
          <Th>{m.finance_invoice_col_total()}</Th>
          <Th>
            <span className="sr-only">{m.finance_invoice_download()}</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {invoices.map((invoice) => (
          <Tr key={invoice.id}>
            <Td>
              <span dir="ltr" className="font-mono">
                {invoice.number}
              </span>
            </Td>
            <Td>{monthLabel(invoice.month)}</Td>
            <Td className="tabular-nums">{formatMoney(invoice.commission, invoice.currency)}</Td>
            <Td className="tabular-nums">{formatMoney(invoice.vat, invoice.currency)}</Td>
            <Td className="tabular-nums font-semibold">{formatMoney(invoice.total, invoice.currency)}</Td>
            <Td>
              {canDownload ? (
                <a
                  href={`/api/commission-invoices/${invoice.id}/pdf`}
                  aria-label={m.finance_invoice_download_label({ number: invoice.number })}
                  className="font-medium text-brand-800 underline-offset-4 hover:underline"
                >
                  {m.finance_invoice_download()}
                </a>
              ) : null}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}
