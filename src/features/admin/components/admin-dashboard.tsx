import { Link } from '@tanstack/react-router'
import { formatMoney, formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { dayText } from '../admin-format'
import type { AdminDashboard, RankedRow } from '../admin.schemas'
import { DayChart } from '~/ui/day-chart'
import { FigureCard } from './figure-card'

const number = formatNumber

/** /admin: the headline figures (each opens its list), GMV and orders per day, the top sellers and categories. */
export function AdminDashboardPanels({ dashboard }: { dashboard: AdminDashboard }) {
  const { totals, currency, from, to } = dashboard
  const money = (n: number) => formatMoney(n, currency)
  const period = { from, to }
  const paidPeriod = { ...period, dates: 'paid' as const }
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="figures-title" className="flex flex-col gap-3">
        <h2 id="figures-title" className="sr-only">
          {m.admin_dashboard_figures()}
        </h2>
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          <FigureCard
            label={m.admin_dashboard_gmv()}
            value={money(totals.gmv)}
            link={{ to: '/admin/orders', search: paidPeriod }}
          />
          <FigureCard
            label={m.admin_dashboard_placed()}
            value={number(totals.placed)}
            link={{ to: '/admin/orders', search: period }}
          />
          <FigureCard
            label={m.admin_dashboard_new_buyers()}
            value={number(totals.new_buyers)}
            link={{ to: '/admin/users', search: { role: 'buyer', since: from } }}
          />
          <FigureCard
            label={m.admin_dashboard_new_sellers()}
            value={number(totals.new_sellers)}
            link={{ to: '/admin/sellers', search: { since: from } }}
          />
          <FigureCard
            label={m.admin_dashboard_pending_applications()}
            value={number(dashboard.pending_applications)}
            tone={dashboard.pending_applications > 0 ? 'attention' : 'plain'}
            link={{ to: '/admin/sellers', search: { status: 'pending' } }}
          />
          <FigureCard
            label={m.admin_dashboard_open_tickets()}
            value={number(dashboard.open_tickets)}
            tone={dashboard.open_tickets > 0 ? 'attention' : 'plain'}
            link={{ to: '/admin/tickets', search: { status: 'open' } }}
          />
          <FigureCard
            label={m.admin_dashboard_failed_jobs()}
            value={number(dashboard.failed_jobs)}
            tone={dashboard.failed_jobs > 0 ? 'attention' : 'plain'}
            link={{ to: '/admin/jobs' }}
          />
          <FigureCard
            label={m.admin_dashboard_paid()}
            value={number(totals.paid)}
            link={{ to: '/admin/orders', search: paidPeriod }}
          />
        </div>
      </section>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DayChart
          title={m.admin_dashboard_gmv_chart()}
          summary={m.admin_dashboard_gmv_summary({
            amount: money(totals.gmv),
            from: dayText(from),
            to: dayText(to),
          })}
          kind="bar"
          data={dashboard.series.map((d) => ({ day: d.day, gmv: d.gmv }))}
          series={[{ key: 'gmv', label: m.admin_dashboard_gmv_series(), color: '#b07d00' }]}
          format={money}
        />
        <DayChart
          title={m.admin_dashboard_orders_chart()}
          summary={m.admin_dashboard_orders_summary({
            placed: number(totals.placed),
            paid: number(totals.paid),
            from: dayText(from),
            to: dayText(to),
          })}
          kind="line"
          data={dashboard.series.map((d) => ({ day: d.day, placed: d.placed, paid: d.paid }))}
          series={[
            { key: 'placed', label: m.admin_dashboard_series_placed(), color: '#57534e' },
            { key: 'paid', label: m.admin_dashboard_series_paid(), color: '#0f766e' },
          ]}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <TopList
          title={m.admin_dashboard_top_categories()}
          rows={dashboard.top_categories}
          money={money}
          empty={m.admin_dashboard_no_paid()}
          link={(row) => (
            <Link
              to="/category/$slug"
              params={{ slug: row.slug ?? '' }}
              className="font-medium text-ink hover:underline"
            >
              {row.name}
            </Link>
          )}
        />
        <TopList
          title={m.admin_dashboard_top_sellers()}
          rows={dashboard.top_sellers}
          money={money}
          empty={m.admin_dashboard_no_paid()}
          link={(row) => (
            <Link
              to="/admin/orders"
              search={{ seller_id: row.id, ...paidPeriod }}
              className="font-medium text-ink hover:underline"
            >
              {row.name}
            </Link>
          )}
        />
      </div>
    </div>
  )
}

/** A ranked list: a list, not a table, so it reads the same on a phone. */
function TopList({
  title,
  rows,
  money,
  empty,
  link,
}: {
  title: string
  rows: RankedRow[]
  money: (n: number) => string
  empty: string
  link: (row: RankedRow) => React.ReactNode
}) {
  const max = Math.max(1, ...rows.map((r) => r.gmv))
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-label={title}>
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{empty}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                {link(row)}
                <span className="text-sm text-stone-700 tabular-nums">
                  {money(row.gmv)} ·{' '}
                  {m.admin_dashboard_orders_count({ count: row.orders, countText: number(row.orders) })}
                </span>
              </div>
              <div className="h-1.5 rounded-full bg-stone-100" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-brand-500"
                  style={{ width: `${(row.gmv / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
