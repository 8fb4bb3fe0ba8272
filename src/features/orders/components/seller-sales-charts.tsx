import { formatMoney } from '~/lib/money'
import { CategoryBarChart, DayChart } from '~/ui/day-chart'
import { orderStatusLabels } from '../order-machine'
import type { SellerSales, TopSku } from '../seller-sales.schemas'

function TopSkus({ title, rows, value }: { title: string; rows: TopSku[]; value: (row: TopSku) => string }) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">No sales in this period.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-stone-100">
          {rows.map((row) => (
            <li key={row.sku} className="flex items-baseline justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium break-words text-ink">{row.product_name}</span>
                <span className="font-mono text-xs text-stone-600">{row.sku}</span>
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
          title={`Sales per day: ${money(total)} from ${orders} ${orders === 1 ? 'order' : 'orders'}`}
          summary={`Sales of ${money(total)} from ${sales.from} to ${sales.to}`}
          kind="bar"
          data={sales.series.map((d) => ({ day: d.day, sales: d.sales }))}
          series={[{ key: 'sales', label: 'Sales', color: '#b07d00' }]}
          format={money}
        />
        <CategoryBarChart
          title="Orders placed, by status now"
          summary={
            sales.by_status.map((s) => `${orderStatusLabels[s.status]}: ${s.count}`).join(', ') || 'No orders'
          }
          data={sales.by_status.map((s) => ({ label: orderStatusLabels[s.status], value: s.count }))}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <TopSkus
          title="Top SKUs by units"
          rows={sales.top_by_units}
          value={(row) => `${row.units.toLocaleString('en-US')} units`}
        />
        <TopSkus
          title="Top SKUs by revenue"
          rows={sales.top_by_revenue}
          value={(row) => money(row.revenue)}
        />
      </div>
    </div>
  )
}
