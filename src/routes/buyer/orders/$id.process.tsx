import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { BuyerOrderActions } from '~/features/orders/components/buyer-order-actions'
import { backLinkClass, invoiceLinkClass, OrderPage } from '~/features/orders/components/order-page'
import { orderQueries } from '~/features/orders'
import { ReorderPanel, SaveOrderAsList } from '~/features/reorder'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/orders/$id/process')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(orderQueries.buyerDetail(Number(params.id)))
    return { title: m.account_order_progress() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerOrderPage,
})

function BuyerOrderPage() {
  const { id } = Route.useParams()
  const { data: order } = useSuspenseQuery(orderQueries.buyerDetail(Number(id)))
  return (
    <OrderPage
      order={order}
      viewer="buyer"
      back={
        <Link to="/buyer/orders" className={backLinkClass}>
          {m.account_back_orders()}
        </Link>
      }
      actions={
        <>
          <BuyerOrderActions order={order} />
          <div className="flex flex-wrap items-start gap-2">
            <ReorderPanel orderId={order.id} />
            <SaveOrderAsList
              orderId={order.id}
              defaultName={m.reorder_list_from_order_name({ number: order.number })}
            />
          </div>
        </>
      }
      invoiceLink={
        order.invoice ? (
          <Link
            to="/buyer/invoices/$id"
            params={{ id: String(order.invoice.id) }}
            className={invoiceLinkClass}
          >
            {m.account_invoice_label({ number: order.invoice.number })}
          </Link>
        ) : null
      }
    />
  )
}
