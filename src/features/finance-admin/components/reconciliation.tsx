import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { formatTehranCalendarDay, formatTehranMinute } from '~/lib/tehran-time'
import type { Reconciliation } from '../finance-admin.schemas'

/**
 * /admin/finance/reconciliation: per Tehran day, what the gateways verified against the debits to
 * the ledger's gateway clearing account, and every verified session the ledger has not fully
 * recorded. The range is a plain GET form (the page's search), at most 92 days.
 */
export function ReconciliationView({ data }: { data: Reconciliation }) {
  const off = data.days.filter((day) => day.difference !== 0)
  return (
    <div className="flex flex-col gap-5">
      <form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4"
      >
        <label className="flex flex-col gap-1 text-sm">
          <span>{m.finance_range_from()}</span>
          <input
            type="date"
            name="from"
            defaultValue={data.from}
            className="rounded-lg border border-stone-300 px-2 py-1"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>{m.finance_range_to()}</span>
          <input
            type="date"
            name="to"
            defaultValue={data.to}
            className="rounded-lg border border-stone-300 px-2 py-1"
          />
        </label>
        <button
          type="submit"
          className="min-h-10 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white"
        >
          {m.finance_range_show()}
        </button>
        <p className="text-xs text-stone-600">{m.finance_range_hint()}</p>
      </form>
      <p role="status" className="text-sm text-stone-800" data-testid="reconciliation-summary">
        {off.length === 0 && data.unaccounted.length === 0
          ? m.finance_reconciled_clean()
          : m.finance_reconciled_off({
              days: formatNumber(off.length),
              sessions: formatNumber(data.unaccountedTotal),
            })}
      </p>
      <section aria-labelledby="unaccounted-title" className="flex flex-col gap-2">
        <h2 id="unaccounted-title" className="text-lg font-semibold text-ink">
          {m.finance_unaccounted_title()}
        </h2>
        <p className="text-sm text-stone-700">{m.finance_unaccounted_intro()}</p>
        {data.unaccounted.length === 0 ? (
          <p className="text-sm text-stone-700">{m.finance_unaccounted_none()}</p>
        ) : (
          <div
            role="group"
            tabIndex={0}
            aria-labelledby="unaccounted-title"
            className="overflow-x-auto rounded-2xl border border-stone-200 bg-white"
          >
            <table className="w-full text-sm" data-testid="unaccounted-sessions">
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">
                    {m.finance_session()}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {m.finance_session_for()}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {m.finance_verified_at()}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {m.finance_verified_amount()}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {m.finance_in_ledger()}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.unaccounted.map((s) => (
                  <tr key={s.sessionId} className="border-t border-stone-100">
                    <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                      {s.sessionId}
                      <span className="block font-sans text-stone-600">
                        {s.provider}
                        {s.kind === 'duplicate_payment' ? ` · ${m.finance_duplicate_payment()}` : ''}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      {s.orderId !== null ? (
                        <Link
                          to="/admin/orders/$id"
                          params={{ id: String(s.orderId) }}
                          className="text-brand-800 underline"
                        >
                          {s.orderNumber ?? s.orderId}
                        </Link>
                      ) : (
                        m.finance_platform_purchase({ id: String(s.purchaseId ?? '') })
                      )}
                    </td>
                    <td className="px-3 py-2">{formatTehranMinute(s.completedAt)}</td>
                    <td className="px-3 py-2 text-end tabular-nums">{formatMoney(s.amount)}</td>
                    <td className="px-3 py-2 text-end tabular-nums">{formatMoney(s.accounted)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="days-title" className="flex flex-col gap-2">
        <h2 id="days-title" className="text-lg font-semibold text-ink">
          {m.finance_days_title()}
        </h2>
        <div
          role="group"
          tabIndex={0}
          aria-labelledby="days-title"
          className="overflow-x-auto rounded-2xl border border-stone-200 bg-white"
        >
          <table className="w-full text-sm" data-testid="reconciliation-days">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">
                  {m.finance_day()}
                </th>
                <th scope="col" className="px-3 py-2 text-end">
                  {m.finance_verified_amount()}
                </th>
                <th scope="col" className="px-3 py-2 text-end">
                  {m.finance_in_ledger()}
                </th>
                <th scope="col" className="px-3 py-2 text-end">
                  {m.finance_difference()}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((day) => (
                <tr
                  key={day.day}
                  className={
                    day.difference === 0 ? 'border-t border-stone-100' : 'border-t border-stone-100 bg-red-50'
                  }
                >
                  <th scope="row" className="px-3 py-2 text-start font-medium">
                    {formatTehranCalendarDay(day.day)}
                  </th>
                  <td className="px-3 py-2 text-end tabular-nums">
                    {formatMoney(day.verified)}{' '}
                    <span className="text-xs text-stone-600">({formatNumber(day.verifiedCount)})</span>
                  </td>
                  <td className="px-3 py-2 text-end tabular-nums">{formatMoney(day.ledger)}</td>
                  <td className="px-3 py-2 text-end font-semibold tabular-nums">
                    {day.difference === 0 ? m.finance_difference_none() : formatMoney(day.difference)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  )
}
