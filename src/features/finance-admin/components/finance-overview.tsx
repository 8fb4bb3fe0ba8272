import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { intlLocale, textDirection } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import { TEHRAN } from '~/lib/tehran-time'
import { useHydrated } from '~/ui/use-hydrated'
import type { FinanceOverview } from '../finance-admin.schemas'

/** "November 2026" (fa: "نوامبر ۲۰۲۶"): the Gregorian month, as the ledger groups by it. */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    calendar: 'gregory',
    timeZone: TEHRAN,
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${month}-15T12:00:00Z`))

const compact = (n: number) =>
  new Intl.NumberFormat(intlLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(n)

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4">
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-ink tabular-nums">{formatMoney(value)}</dd>
      {hint ? <dd className="mt-1 text-xs text-stone-600">{hint}</dd> : null}
    </div>
  )
}

/** /admin/finance: the platform's commission, VAT on it and sales by month, and what it owes. */
export function FinanceOverviewPanel({ overview }: { overview: FinanceOverview }) {
  const mounted = useHydrated()
  const rtl = textDirection() === 'rtl'
  const data = overview.months.map((row) => ({ ...row, label: monthLabel(row.month) }))
  const totalCommission = overview.months.reduce((sum, row) => sum + row.commission, 0)
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="finance-totals">
        <Figure label={m.finance_owed_pending()} value={overview.sellersPending} />
        <Figure label={m.finance_owed_available()} value={overview.sellersAvailable} />
        <Figure
          label={m.finance_negative_balances()}
          value={overview.sellersNegative}
          hint={m.finance_negative_balances_hint()}
        />
        <Figure label={m.finance_payouts_in_transit()} value={overview.payoutsInTransit} />
        <Figure
          label={m.finance_gateway_clearing()}
          value={overview.gatewayClearing}
          hint={m.finance_gateway_clearing_hint()}
        />
      </dl>
      <figure className="flex min-w-0 flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4">
        <figcaption className="text-sm font-semibold text-ink">{m.finance_chart_title()}</figcaption>
        <p className="text-xs text-stone-600">{m.finance_chart_months_note()}</p>
        {mounted ? (
          <div
            className="h-72"
            role="img"
            aria-label={m.finance_chart_summary({ total: formatMoney(totalCommission) })}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#e7e5e4" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#57534e' }} reversed={rtl} />
                <YAxis
                  width={56}
                  tick={{ fontSize: 11, fill: '#57534e' }}
                  tickFormatter={(n: number) => compact(n)}
                  orientation={rtl ? 'right' : 'left'}
                />
                <Tooltip formatter={(value, name) => [formatMoney(Number(value)), String(name)]} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar
                  dataKey="commission"
                  name={m.finance_commission()}
                  fill="#0f766e"
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="commissionVat"
                  name={m.finance_commission_vat()}
                  fill="#b45309"
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="platformSales"
                  name={m.finance_platform_sales()}
                  fill="#6366f1"
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <div className="h-72" aria-hidden="true" />
        )}
      </figure>
      {/* The scroll box takes keyboard focus on a narrow screen, as ~/ui/table's does. */}
      <div
        role="group"
        tabIndex={0}
        aria-label={m.finance_chart_title()}
        className="overflow-x-auto rounded-2xl border border-stone-200 bg-white"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{m.finance_chart_title()}</caption>
          <thead className="bg-stone-50 text-start text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {m.finance_month()}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {m.finance_commission()}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {m.finance_commission_vat()}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {m.finance_platform_sales()}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.month} className="border-t border-stone-100">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  {row.label}
                </th>
                <td className="px-3 py-2 text-end tabular-nums">{formatMoney(row.commission)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{formatMoney(row.commissionVat)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{formatMoney(row.platformSales)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
