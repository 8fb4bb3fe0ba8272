import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
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
      title="Recent orders"
      id="recent-orders-title"
      more={
        total > orders.length ? (
          <Link to="/buyer/orders" className="text-sm font-medium text-brand-800 hover:underline">
            All {total} orders
          </Link>
        ) : null
      }
    >
      <OrderList
        orders={orders}
        linkTo="/buyer/orders/$id/process"
        counterpartLabel="Seller"
        empty={{
          title: 'No orders yet',
          text: 'Find goods in the catalogue, fill your basket and check out.',
          action: (
            <Button asChild>
              <Link to="/category">Browse the catalogue</Link>
            </Button>
          ),
        }}
      />
    </DashboardCard>
  )
}

const quickLinks = [
  { to: '/buyer/orders', label: 'Your Orders' },
  { to: '/buyer/invoices', label: 'Your Invoices' },
  { to: '/buyer/profile/address', label: 'Your Addresses' },
  { to: '/buyer/tickets/create', label: 'Ask for help' },
  { to: '/cart', label: 'Your basket' },
  { to: '/browse-history', label: 'Browsing History' },
] as const

export function QuickLinks() {
  return (
    <nav aria-label="Quick links">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {quickLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex min-h-12 items-center rounded-xl border border-stone-200 bg-white px-4 text-sm font-medium text-ink hover:border-brand-400"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
