import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { formatTehranCalendarDay } from '~/lib/tehran-time'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import type { CreditInvoiceView } from '../credit.schemas'

export function creditInvoiceState(invoice: CreditInvoiceView): string {
  switch (invoice.state) {
    case 'open':
      return m.credit_state_open()
    case 'overdue':
      return m.credit_state_overdue({ days: String(invoice.daysOverdue) })
    case 'paid':
      return m.credit_state_paid()
    case 'cancelled':
      return m.credit_state_cancelled()
  }
}

/** A buyer's unpaid invoices with one seller: amount, paid, due day (Tehran), state. */
export function CreditInvoicesTable({
  invoices,
  caption,
  currency,
}: {
  invoices: CreditInvoiceView[]
  caption: string
  currency: string
}) {
  return (
    <Table caption={caption}>
      <THead>
        <Tr>
          <Th>{m.credit_col_order()}</Th>
          <Th>{m.credit_col_amount()}</Th>
          <Th>{m.credit_col_paid()}</Th>
          <Th>{m.credit_col_due()}</Th>
          <Th>{m.credit_col_state()}</Th>
        </Tr>
      </THead>
      <TBody>
        {invoices.map((invoice) => (
          <Tr key={invoice.id}>
            <Td dir="ltr">{invoice.orderNumber}</Td>
            <Td>{formatMoney(invoice.amount, currency)}</Td>
            <Td>{formatMoney(invoice.paidAmount, currency)}</Td>
            <Td>{formatTehranCalendarDay(invoice.dueDay)}</Td>
            <Td className={invoice.state === 'overdue' ? 'font-semibold text-red-700' : undefined}>
              {creditInvoiceState(invoice)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}
