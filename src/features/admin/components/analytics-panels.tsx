import type { AnalyticsOverview } from '../admin.schemas'
import { DayChart } from '~/ui/day-chart'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { dayText, percentText } from '../admin-format'

const number = formatNumber
const percent = percentText

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      {children}
    </section>
  )
}

/** A name and its count, with a bar for the share of the largest: reads the same at 390 px and 1280 px. */
function CountList({ rows, empty }: { rows: Array<{ label: string; count: number }>; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-stone-600">{empty}</p>
  const max = Math.max(1, ...rows.map((r) => r.count))
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.label} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 font-mono text-xs break-all text-ink">{row.label}</span>
            <span className="text-stone-700 tabular-nums">{number(row.count)}</span>
          </div>
          <div className="h-1.5 rounded-full bg-stone-100" aria-hidden="true">
            <div
              className="h-1.5 rounded-full bg-teal-700"
              style={{ width: `${(row.count / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** /admin/analytics: events per day and by name, the basket funnel, page views by route. */
export function AnalyticsPanels({ overview }: { overview: AnalyticsOverview }) {
  const first = overview.funnel[0]?.count ?? 0
  return (
    <div className="flex flex-col gap-4">
      <DayChart
        title={m.admin_analytics_events_chart()}
        summary={m.admin_analytics_events_summary({
          count: number(overview.total_events),
          from: dayText(overview.from),
          to: dayText(overview.to),
        })}
        kind="line"
        data={overview.per_day.map((d) => ({ day: d.day, events: d.events, page_views: d.page_views }))}
        series={[
          { key: 'events', label: m.admin_analytics_all_events(), color: '#57534e' },
          { key: 'page_views', label: m.admin_analytics_page_views(), color: '#0f766e' },
        ]}
      />
      <Card title={m.admin_analytics_funnel()}>
        <ol className="flex flex-col gap-3" aria-label={m.admin_analytics_funnel_steps()}>
          {overview.funnel.map((step) => (
            <li key={step.key} className="flex flex-col gap-1" data-testid={`funnel-${step.key}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-ink">{step.label}</span>
                <span className="text-stone-700 tabular-nums">
                  {number(step.count)}{' '}
                  {step.unit === 'visits' ? m.admin_funnel_unit_visits() : m.admin_funnel_unit_orders()}
                  <span className="text-stone-600">
                    {m.admin_analytics_step_share({ percent: percent(step.from_previous) })}
                  </span>
                </span>
              </div>
              <div className="h-2.5 rounded-full bg-stone-100" aria-hidden="true">
                <div
                  className={
                    step.unit === 'visits'
                      ? 'h-2.5 rounded-full bg-brand-500'
                      : 'h-2.5 rounded-full bg-teal-700'
                  }
                  style={{ width: `${first > 0 ? Math.min(100, (step.count / first) * 100) : 0}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
        <p className="text-xs text-stone-600">{m.admin_analytics_funnel_note()}</p>
      </Card>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title={m.admin_analytics_by_name()}>
          <CountList
            rows={overview.by_name.map((r) => ({ label: r.name, count: r.count }))}
            empty={m.admin_analytics_no_events()}
          />
        </Card>
        <Card title={m.admin_analytics_by_route()}>
          <CountList
            rows={overview.page_views_by_route.map((r) => ({ label: r.route, count: r.count }))}
            empty={m.admin_analytics_no_views()}
          />
        </Card>
      </div>
    </div>
  )
}
