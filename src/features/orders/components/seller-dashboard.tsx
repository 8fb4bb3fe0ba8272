import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { formatTehranDay, formatTehranShort } from '~/lib/tehran-time'
import type { SellerDashboard } from '../orders.schemas'

const card = 'flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5'

/** /seller for an approved seller: orders waiting on it, what it sold, what runs out. */
export function SellerDashboardPanels({ dashboard }: { dashboard: SellerDashboard }) {
  const { to_act: toAct, revenue } = dashboard
  const waiting = [
    {
      label: m.seller_dashboard_to_accept(),
      hint: m.seller_dashboard_to_accept_hint(),
      count: toAct.accept,
      status: 'paid' as const,
    },
    {
      label: m.seller_dashboard_to_ship(),
      hint: m.seller_dashboard_to_ship_hint(),
      count: toAct.ship,
      status: 'accepted' as const,
    },
    {
      label: m.seller_dashboard_to_deliver(),
      hint: m.seller_dashboard_to_deliver_hint(),
      count: toAct.deliver,
      status: 'shipped' as const,
    },
  ]
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="to-act-title" className={card}>
        <h2 id="to-act-title" className="text-base font-semibold text-ink">
          {m.seller_dashboard_to_act()}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {waiting.map((item) => (
            <li key={item.status}>
              <Link
                to="/seller/orders"
                search={{ status: item.status }}
                className="flex h-full flex-col gap-1 rounded-xl border border-stone-200 p-4 hover:border-brand-400"
              >
                <span className="text-3xl font-bold text-ink tabular-nums">{formatNumber(item.count)}</span>
                <span className="font-medium text-ink">{item.label}</span>
                <span className="text-xs text-stone-600">{item.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="revenue-title" className={card}>
        <h2 id="revenue-title" className="text-base font-semibold text-ink">
          {m.seller_dashboard_revenue()}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-xl bg-stone-50 p-4">
            <dt className="text-sm text-stone-600">
              {m.seller_dashboard_this_week({ day: formatTehranDay(revenue.week_start) })}
            </dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">
              {formatMoney(revenue.week, revenue.currency)}
            </dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-4">
            <dt className="text-sm text-stone-600">
              {m.seller_dashboard_this_month({ day: formatTehranDay(revenue.month_start) })}
            </dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">
              {formatMoney(revenue.month, revenue.currency)}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-stone-600">
          {m.seller_dashboard_revenue_note()}
        </p>
      </section>
      <section aria-labelledby="low-stock-title" className={card}>
        <h2 id="low-stock-title" className="text-base font-semibold text-ink">
          {m.seller_dashboard_low_stock()}
          {dashboard.low_stock_total ? (
            <span className="ms-2 text-sm font-normal text-stone-600">
              {m.seller_dashboard_low_stock_count({ count: formatNumber(dashboard.low_stock_total) })}
            </span>
          ) : null}
        </h2>
        <p className="text-xs text-stone-600">
          {m.seller_dashboard_low_stock_note()}
        </p>
        {dashboard.low_stock_alerts.length ? (
          <ul
            aria-label={m.seller_dashboard_low_stock_alerts()}
            data-testid="low-stock-alerts"
            className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
          >
            {dashboard.low_stock_alerts.map((alert) => (
              <li key={alert.id} className="text-sm text-amber-950">
                <Link
                  to="/seller/inventory/stock/$sku"
                  params={{ sku: alert.sku }}
                  className="font-medium underline underline-offset-4"
                >
                  {alert.product_name}
                </Link>
                {m.seller_dashboard_fell_below({
                  threshold: formatNumber(alert.threshold),
                  quantity: formatNumber(alert.quantity),
                })}
                <span className="whitespace-nowrap text-amber-900">({formatTehranShort(alert.at)})</span>
              </li>
            ))}
          </ul>
        ) : null}
        {dashboard.low_stock.length ? (
          <ul className="divide-y divide-stone-200">
            {dashboard.low_stock.map((item) => (
              <li key={item.sku}>
                <Link
                  to="/seller/inventory/stock/$sku"
                  params={{ sku: item.sku }}
                  className="flex items-center justify-between gap-3 py-2.5 hover:bg-stone-50"
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium text-ink">{item.product_name}</span>
                    <span className="truncate text-xs text-stone-600">
                      <span dir="ltr">{item.sku}</span> · {item.store_name}
                    </span>
                  </span>
                  <span
                    className={
                      'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ' +
                      (item.remaining_quantity === 0
                        ? 'bg-red-50 text-red-900 ring-red-300'
                        : 'bg-amber-50 text-amber-900 ring-amber-300')
                    }
                  >
                    {item.remaining_quantity === 0
                      ? m.seller_dashboard_out_of_stock()
                      : m.seller_dashboard_left({ count: formatNumber(item.remaining_quantity) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-700">{m.seller_dashboard_no_low_stock()}</p>
        )}
        {dashboard.low_stock_total > dashboard.low_stock.length ? (
          <Link to="/seller/inventory" className="text-sm font-medium text-brand-800 hover:underline">
            {m.seller_dashboard_see_all_inventory()}
          </Link>
        ) : null}
      </section>
    </div>
  )
}
