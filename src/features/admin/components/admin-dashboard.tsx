import { Link } from '@tanstack/react-router'
import { formatMoney } from '~/lib/money'
import type { AdminDashboard, RankedRow } from '../admin.schemas'
import { DayChart } from '~/ui/day-chart'
import { FigureCard } from './figure-card'

const number = (n: number) => n.toLocaleString('en-US')

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
          Figures
        </h2>
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          <FigureCard
            label="GMV"
            value={money(totals.gmv)}
            link={{ to: '/admin/orders', search: paidPeriod }}
          />
          <FigureCard
            label="Orders placed"
            value={number(totals.placed)}
            link={{ to: '/admin/orders', search: period }}
          />
          <FigureCard
            label="New buyers"
            value={number(totals.new_buyers)}
            link={{ to: '/admin/users', search: { role: 'buyer', since: from } }}
          />
          <FigureCard
            label="New sellers"
            value={number(totals.new_sellers)}
            link={{ to: '/admin/sellers', search: { since: from } }}
          />
          <FigureCard
            label="Pending seller applications"
            value={number(dashboard.pending_applications)}
            tone={dashboard.pending_applications > 0 ? 'attention' : 'plain'}
            link={{ to: '/admin/sellers', search: { status: 'pending' } }}
          />
          <FigureCard
            label="Open tickets"
            value={number(dashboard.open_tickets)}
            tone={dashboard.open_tickets > 0 ? 'attention' : 'plain'}
            link={{ to: '/admin/tickets', search: { status: 'open' } }}
          />
          <FigureCard
            label="Failed jobs"
            value={number(dashboard.failed_jobs)}
            tone={dashboard.failed_jobs > 0 ? 'attention' : 'plain'}
            link={{ to: '/admin/jobs' }}
          />
          <FigureCard
            label="Paid orders"
            value={number(totals.paid)}
            link={{ to: '/admin/orders', search: paidPeriod }}
          />
        </div>
      </section>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DayChart
          title="GMV per day"
          summary={`GMV ${money(totals.gmv)} from ${from} to ${to}`}
          kind="bar"
          data={dashboard.series.map((d) => ({ day: d.day, gmv: d.gmv }))}
          series={[{ key: 'gmv', label: 'GMV', color: '#b07d00' }]}
          format={money}
        />
        <DayChart
          title="Orders per day"
          summary={`${number(totals.placed)} orders placed and ${number(totals.paid)} paid from ${from} to ${to}`}
          kind="line"
          data={dashboard.series.map((d) => ({ day: d.day, placed: d.placed, paid: d.paid }))}
          series={[
            { key: 'placed', label: 'Placed', color: '#57534e' },
            { key: 'paid', label: 'Paid', color: '#0f766e' },
          ]}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <TopList
          title="Top categories"
          rows={dashboard.top_categories}
          money={money}
          empty="No paid orders in this period."
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
          title="Top sellers"
          rows={dashboard.top_sellers}
          money={money}
          empty="No paid orders in this period."
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
                  {money(row.gmv)} · {number(row.orders)} {row.orders === 1 ? 'order' : 'orders'}
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
