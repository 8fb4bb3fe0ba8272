import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import type { ReactNode } from 'react'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import type { OrderSummary } from '../orders.schemas'
import { OrderList } from './order-list'

const card = 'flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5'

export function DashboardCard({
  title,
  id,
  more,
  children,
}: {
  title: string
  id: string
  more?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-ink">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  )
}

export function RecentOrders({ orders, total }: { orders: OrderSummary[]; total: number }) {
  return (
    <DashboardCard
      title={m.seller_buyer_recent_orders()}
      id="recent-orders-title"
      more={
        total > orders.length ? (
          <Link to="/buyer/orders" className="text-sm font-medium text-brand-800 hover:underline">
            {m.seller_buyer_all_orders({ count: formatNumber(total) })}
          </Link>
        ) : null
      }
    >
      <OrderList
        orders={orders}
        linkTo="/buyer/orders/$id/process"
        counterpartLabel={m.seller_order_counterpart_seller()}
        empty={{
          title: m.seller_orders_empty_title(),
          text: m.seller_buyer_orders_empty_text(),
          action: (
            <Button asChild>
              <Link to="/category">{m.seller_buyer_browse_catalogue()}</Link>
            </Button>
          ),
        }}
      />
    </DashboardCard>
  )
}

const quickLinks = [
  { to: '/buyer/orders', label: m.seller_buyer_link_orders },
  { to: '/buyer/invoices', label: m.seller_buyer_link_invoices },
  { to: '/buyer/profile/address', label: m.seller_buyer_link_addresses },
  { to: '/buyer/tickets/create', label: m.seller_buyer_link_help },
  { to: '/cart', label: m.seller_buyer_link_basket },
  { to: '/browse-history', label: m.seller_buyer_link_history },
] as const

export function QuickLinks() {
  return (
    <nav aria-label={m.seller_buyer_quick_links()}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {quickLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex min-h-12 items-center rounded-xl border border-stone-200 bg-white px-4 text-sm font-medium text-ink hover:border-brand-400"
            >
              {link.label()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
