import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { createFileRoute, Link } from '@tanstack/react-router'
import { SellerOrderActions } from '~/features/orders/components/seller-order-actions'
import { backLinkClass, invoiceLinkClass, OrderPage } from '~/features/orders/components/order-page'
import { orderQueries } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'

export const Route = createFileRoute('/seller/orders/$id/process')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(orderQueries.sellerDetail(Number(params.id)))
    return { title: m.seller_order_page_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerOrderPage,
})

function SellerOrderPage() {
  const { id } = Route.useParams()
  const { data: order } = useSuspenseQuery(orderQueries.sellerDetail(Number(id)))
  return (
    <OrderPage
      order={order}
      viewer="seller"
      back={
        <Link to="/seller/orders" className={backLinkClass}>
          {m.seller_order_back_to_received()}
        </Link>
      }
      actions={<SellerOrderActions order={order} />}
      invoiceLink={
        order.invoice ? (
          <a href={`/api/invoices/${order.invoice.id}/pdf`} className={invoiceLinkClass}>
            {m.seller_order_invoice_pdf({ number: order.invoice.number })}
          </a>
        ) : null
      }
    />
  )
}
