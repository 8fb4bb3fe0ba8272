import { currentLocale, intlLocale, textDirection } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { TEHRAN, tehranDayStart } from '~/lib/tehran-time'
import { useHydrated } from './use-hydrated'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

export interface ChartSeries {
  key: string
  label: string
  color: string
}

/**
 * "26/11" for a Tehran day "2026-11-26"; in fa the Persian calendar's day and month ("۵/۹").
 * lib/tehran-time has no day-and-month format, so the fa one is made here, in the page's locale.
 */
const shortDay = (day: string) => {
  if (currentLocale() === 'fa') {
    return new Intl.DateTimeFormat(intlLocale('fa'), {
      timeZone: TEHRAN,
      day: 'numeric',
      month: 'numeric',
    }).format(tehranDayStart(day))
  }
  const [, month, date] = day.split('-')
  return `${Number(date)}/${Number(month)}`
}

/** Axis ticks: "1.2K" (fa: "۱٫۲ هزار"), in the page's locale and digits. */
const compact = (n: number) =>
  new Intl.NumberFormat(intlLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(n)

/**
 * One value per Tehran calendar day as bars (amounts) or lines (counts). `summary` is what a screen reader
 * hears instead of the drawing; the figures beside the chart carry the numbers too.
 */
export function DayChart({
  title,
  summary,
  data,
  series,
  kind,
  format = formatNumber,
}: {
  title: string
  summary: string
  data: Array<{ day: string } & Record<string, number | string>>
  series: ChartSeries[]
  kind: 'bar' | 'line'
  format?: (value: number) => string
}) {
  const mounted = useHydrated()
  // Right to left, time runs from the right and the values' axis stands on the right.
  const rtl = textDirection() === 'rtl'
  const axes = (
    <>
      <CartesianGrid stroke="#e7e5e4" vertical={false} />
      <XAxis
        dataKey="day"
        tickFormatter={shortDay}
        tick={{ fontSize: 11, fill: '#57534e' }}
        minTickGap={16}
        interval="preserveStartEnd"
        reversed={rtl}
      />
      <YAxis
        allowDecimals={false}
        width={52}
        tick={{ fontSize: 11, fill: '#57534e' }}
        tickFormatter={(n: number) => compact(n)}
        orientation={rtl ? 'right' : 'left'}
      />
      <Tooltip
        labelFormatter={(day) => m.content_chart_day_tehran({ day: shortDay(String(day)) })}
        formatter={(value, name) => [format(Number(value)), String(name)]}
      />
      {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
    </>
  )
  return (
    <figure
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4"
      data-testid="day-chart"
    >
      <figcaption className="text-sm font-semibold text-ink">{title}</figcaption>
      {mounted ? (
        <div className="h-60" role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height="100%">
            {kind === 'bar' ? (
              <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                {axes}
                {series.map((s) => (
                  <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
                ))}
              </BarChart>
            ) : (
              <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                {axes}
                {series.map((s) => (
                  <Line
                    key={s.key}
                    type="linear"
                    dataKey={s.key}
                    name={s.label}
                    stroke={s.color}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            )}
          </ResponsiveContainer>
        </div>
      ) : (
        <div className="h-60" aria-hidden="true" />
      )}
    </figure>
  )
}

/** Counts by category (order statuses, event names) as horizontal bars, largest first. */
export function CategoryBarChart({
  title,
  summary,
  data,
  color = '#0f766e',
}: {
  title: string
  summary: string
  data: Array<{ label: string; value: number }>
  color?: string
}) {
  const mounted = useHydrated()
  const rtl = textDirection() === 'rtl'
  const height = Math.max(120, data.length * 34 + 24)
  return (
    <figure
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4"
      data-testid="category-chart"
    >
      <figcaption className="text-sm font-semibold text-ink">{title}</figcaption>
      {data.length === 0 ? (
        <p className="text-sm text-stone-600">{m.content_chart_empty()}</p>
      ) : mounted ? (
        <div style={{ height }} role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="#e7e5e4" horizontal={false} />
              <XAxis
                type="number"
                allowDecimals={false}
                tick={{ fontSize: 11, fill: '#57534e' }}
                tickFormatter={(n: number) => formatNumber(n)}
                reversed={rtl}
              />
              <YAxis
                type="category"
                dataKey="label"
                width={110}
                tick={{ fontSize: 12, fill: '#1c1917' }}
                orientation={rtl ? 'right' : 'left'}
              />
              <Tooltip formatter={(value) => [formatNumber(Number(value)), m.content_chart_orders()]} />
              <Bar dataKey="value" fill={color} isAnimationActive={false} barSize={18} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <div style={{ height }} aria-hidden="true" />
      )}
    </figure>
  )
}
