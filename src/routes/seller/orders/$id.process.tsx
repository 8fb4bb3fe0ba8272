import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import {
  DeliveryDetails,
  OrderHeader,
  OrderLines,
  OrderTotals,
  Panel,
} from '~/features/orders/components/order-detail'
import { OrderTimeline } from '~/features/orders/components/order-timeline'
import { SellerOrderActions } from '~/features/orders/components/seller-order-actions'
import { orderQueries } from '~/features/orders/orders.queries'
import { pageHead } from '~/features/shell/page-head'
import { invalidParam } from '~/lib/route-errors'

export const Route = createFileRoute('/seller/orders/$id/process')({
  params: {
    parse: ({ id }) => (/^\d{1,9}$/.test(id) && Number(id) > 0 ? { id } : invalidParam()),
  },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(orderQueries.sellerDetail(Number(params.id)))
  },
  head: () => pageHead('Order Progress'),
  component: SellerOrderPage,
})

function SellerOrderPage() {
  const { id } = Route.useParams()
  const { data: order } = useSuspenseQuery(orderQueries.sellerDetail(Number(id)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <Link to="/seller/orders" className="self-start text-sm font-medium text-brand-800 hover:underline">
        ← Received Orders
      </Link>
      <OrderHeader order={order} viewer="seller" />
      <SellerOrderActions order={order} />
      {/* Phones: items, totals and delivery, then the timeline; wide screens: the timeline under the items. */}
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0">
          <OrderLines order={order} />
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Panel title="Totals" id="totals-title">
            <OrderTotals order={order} />
            {order.invoice ? (
              <p className="mt-3 text-sm">
                <a
                  href={`/api/invoices/${order.invoice.id}/pdf`}
                  className="font-medium text-brand-800 hover:underline"
                >
                  Invoice {order.invoice.number} (PDF)
                </a>
              </p>
            ) : null}
          </Panel>
          <Panel title="Delivery" id="delivery-title">
            <DeliveryDetails order={order} />
          </Panel>
        </div>
        <div className="min-w-0 lg:col-start-1">
          <OrderTimeline events={order.timeline} />
        </div>
      </div>
    </section>
  )
}
