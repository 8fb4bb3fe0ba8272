import { formatMoney, formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { CategoryBarChart, DayChart } from '~/ui/day-chart'
import { orderStatusLabel } from '../order-machine'
import { dayText, listSeparator } from './order-format'
import type { SellerSales, TopSku } from '../seller-sales.schemas'

function TopSkus({ title, rows, value }: { title: string; rows: TopSku[]; value: (row: TopSku) => string }) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">{m.seller_sales_no_sales()}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-stone-100">
          {rows.map((row) => (
            <li key={row.sku} className="flex items-baseline justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium break-words text-ink">{row.product_name}</span>
                <span className="font-mono text-xs text-stone-600" dir="ltr">
                  {row.sku}
                </span>
              </span>
              <span className="shrink-0 text-stone-800 tabular-nums">{value(row)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** /seller: sales per day, orders per status, best sellers by units and by revenue. */
export function SellerSalesCharts({ sales }: { sales: SellerSales }) {
  const money = (n: number) => formatMoney(n, sales.currency)
  const total = sales.series.reduce((sum, d) => sum + d.sales, 0)
  const orders = sales.series.reduce((sum, d) => sum + d.orders, 0)
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DayChart
          title={m.seller_sales_per_day({ amount: money(total), count: orders, countText: formatNumber(orders) })}
          summary={m.seller_sales_summary({ amount: money(total), from: dayText(sales.from), to: dayText(sales.to) })}
          kind="bar"
          data={sales.series.map((d) => ({ day: d.day, sales: d.sales }))}
          series={[{ key: 'sales', label: m.seller_sales_series(), color: '#b07d00' }]}
          format={money}
        />
        <CategoryBarChart
          title={m.seller_sales_by_status()}
          summary={
            sales.by_status
              .map((s) =>
                m.seller_sales_status_count({ status: orderStatusLabel(s.status), count: formatNumber(s.count) }),
              )
              .join(listSeparator()) || m.seller_sales_no_orders()
          }
          data={sales.by_status.map((s) => ({ label: orderStatusLabel(s.status), value: s.count }))}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <TopSkus
          title={m.seller_sales_top_units()}
          rows={sales.top_by_units}
          value={(row) => m.seller_sales_units({ count: formatNumber(row.units) })}
        />
        <TopSkus
          title={m.seller_sales_top_revenue()}
          rows={sales.top_by_revenue}
          value={(row) => money(row.revenue)}
        />
      </div>
    </div>
  )
}
