import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { InvoiceDocument } from '~/features/orders/components/invoice-document'
import { orderQueries } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { Button, buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/invoices/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(orderQueries.invoice(Number(params.id)))
    return { title: m.account_invoice() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerInvoicePage,
})

function BuyerInvoicePage() {
  const { id } = Route.useParams()
  const { data: invoice } = useSuspenseQuery(orderQueries.invoice(Number(id)))
  return (
    <section
      aria-label={m.account_invoice_label({ number: invoice.number })}
      className="flex max-w-4xl flex-col gap-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/buyer/invoices" className="text-sm font-medium text-brand-800 hover:underline">
          {m.account_back_invoices()}
        </Link>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => window.print()}>
            {m.account_print()}
          </Button>
          <a href={`/api/invoices/${invoice.id}/pdf`} download className={buttonClasses('primary')}>
            {m.account_download_pdf()}
          </a>
        </div>
      </div>
      <InvoiceDocument invoice={invoice} />
      <p className="text-sm text-stone-600">
        {m.account_invoice_for_order()}
        <Link
          to="/buyer/orders/$id/process"
          params={{ id: String(invoice.order.id) }}
          className="font-medium text-brand-800 hover:underline"
        >
          <span dir="ltr">{invoice.order.number}</span>
        </Link>
      </p>
    </section>
  )
}
