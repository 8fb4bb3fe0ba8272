import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { AdminOrderActions } from '~/features/orders/components/admin-order-actions'
import { AdminRefundDialog } from '~/features/orders/components/admin-refund-dialog'
import { Panel } from '~/features/orders/components/order-detail'
import { backLinkClass, invoiceLinkClass, OrderPage } from '~/features/orders/components/order-page'
import { type AdminOrderDetail, adminOrderQueries } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { parseIdParam } from '~/lib/route-errors'

export const Route = createFileRoute('/admin/orders/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(adminOrderQueries.detail(Number(params.id)))
    return { title: m.admin_order_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminOrderPage,
})

function AdminOrderPage() {
  const { id } = Route.useParams()
  const { data: order } = useSuspenseQuery(adminOrderQueries.detail(Number(id)))
  return (
    <OrderPage
      order={order}
      viewer="admin"
      back={
        <Link to="/admin/orders" className={backLinkClass}>
          {m.admin_orders_back()}
        </Link>
      }
      actions={
        <>
          <AdminOrderActions order={order} />
          <AdminRefundDialog order={order} />
        </>
      }
      panels={<Parties order={order} />}
      invoiceLink={
        order.invoice ? (
          <a href={`/api/invoices/${order.invoice.id}/pdf`} className={invoiceLinkClass}>
            {m.admin_orders_invoice({ number: order.invoice.number })}
          </a>
        ) : null
      }
    />
  )
}

/** Who bought from whom, with the numbers support calls. */
function Parties({ order }: { order: AdminOrderDetail }) {
  const phone = (number: string) => (
    <a
      href={`tel:${number}`}
      dir="ltr"
      className="self-start text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {number}
    </a>
  )
  return (
    <Panel title={m.admin_orders_parties()} id="parties-title">
      <dl className="flex flex-col gap-3 text-sm">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            {m.admin_orders_buyer()}
          </dt>
          <dd className="font-medium text-ink">{order.buyer.name}</dd>
          {order.buyer.phone ? <dd className="flex">{phone(order.buyer.phone)}</dd> : null}
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            {m.admin_orders_seller()}
          </dt>
          <dd className="font-medium text-ink">{order.seller.name}</dd>
          <dd className="text-stone-700">
            {order.seller.legal_name} · {order.seller.city}
          </dd>
          <dd className="flex">{phone(order.seller.phone)}</dd>
        </div>
      </dl>
    </Panel>
  )
}
