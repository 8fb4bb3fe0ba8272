import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'

/**
 * One platform invoice in a list (a seller's plan periods, a buyer's Plus years): its number, what
 * it was for, its total and, when the reader may have it, its PDF.
 */
export function PlatformInvoiceLine({
  invoice,
  pdfHref,
}: {
  invoice: { number: string; description: string; total: number; currency: string }
  pdfHref: string | null
}) {
  return (
    <>
      <div className="flex min-w-0 flex-col">
        <span className="font-medium text-ink" dir="ltr">
          {invoice.number}
        </span>
        <span className="text-stone-700">{invoice.description}</span>
      </div>
      <div className="flex items-center gap-4">
        <span className="font-semibold text-ink">{formatMoney(invoice.total, invoice.currency)}</span>
        {pdfHref ? (
          <a href={pdfHref} className="font-medium text-brand-800 underline underline-offset-4" download>
            PDF<span className="sr-only">{m.tools_invoice_pdf_of({ number: invoice.number })}</span>
          </a>
        ) : null}
      </div>
    </>
  )
}
