import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import type { ReactNode } from 'react'
import { formatMoney, formatNumber } from '~/lib/money'
import { EmptyState } from '~/ui/empty-state'
import type { ListEmpty } from '~/ui/list-page'
import type { OrderSummary } from '../orders.schemas'
import { OrderStatusBadge } from './order-status-badge'
import { formatTehranDateTime } from '~/lib/tehran-time'

/** Orders as cards linking to their page: the buyer's, the seller's and the admin's lists share it. */
export function OrderList<T extends OrderSummary>({
  orders,
  linkTo,
  counterpartLabel,
  parties,
  empty,
}: {
  orders: T[]
  linkTo: '/buyer/orders/$id/process' | '/seller/orders/$id/process' | '/admin/orders/$id'
  /** "Seller" on the buyer's list, "Buyer" on the seller's. */
  counterpartLabel: string
  /** Instead of "{counterpartLabel}: {counterpart}" (the admin's list names both sides). */
  parties?: (order: T) => ReactNode
  /** What an empty list says; without it, an empty list shows nothing (a list page says it itself). */
  empty?: ListEmpty
}) {
  if (!orders.length)
    return empty ? (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    ) : null
  return (
    <ul className="flex flex-col gap-2" aria-label={m.seller_orders_list_label()}>
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={linkTo}
            params={{ id: String(order.id) }}
            className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 hover:border-brand-400 focus-visible:border-brand-500 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold text-ink" dir="ltr">
                  {order.number}
                </span>
                <OrderStatusBadge status={order.status} />
              </span>
              <span className="text-xs text-stone-600">
                {parties ? (
                  parties(order)
                ) : (
                  <>
                    {m.seller_order_list_counterpart({ label: counterpartLabel })}
                    <bdi>{order.counterpart}</bdi>
                  </>
                )}{' '}
                ·{' '}
                {m.seller_order_list_line_count({
                  count: order.line_count,
                  countText: formatNumber(order.line_count),
                })}{' '}
                · {m.seller_order_list_placed()}{' '}
                <time dateTime={order.created_at}>{formatTehranDateTime(order.created_at)}</time>
              </span>
            </div>
            <span className="shrink-0 font-semibold text-ink tabular-nums">
              {formatMoney(order.total, order.currency)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
