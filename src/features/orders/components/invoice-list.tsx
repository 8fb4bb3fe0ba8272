import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import type { InvoiceSummary } from '../orders.schemas'
import { formatTehranDay } from '~/lib/tehran-time'

/** The buyer's invoices as cards: number, seller, order, date and total. */
export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label={m.seller_invoices_label()}>
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <Link
            to="/buyer/invoices/$id"
            params={{ id: String(invoice.id) }}
            className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 hover:border-brand-400 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="flex min-w-0 flex-col gap-1">
              <span className="font-mono font-semibold text-ink" dir="ltr">
                {invoice.number}
              </span>
              <span className="text-xs break-words text-stone-600">
                {invoice.seller_name}
                {m.seller_invoice_list_order()}
                <span dir="ltr" className="whitespace-nowrap">
                  {invoice.order_number}
                </span>
                {m.seller_invoice_list_issued()}
                <time dateTime={invoice.issued_at}>{formatTehranDay(invoice.issued_at)}</time>
              </span>
            </span>
            <span className="shrink-0 font-semibold text-ink tabular-nums">
              {formatMoney(invoice.total, invoice.currency)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
