import { PlatformInvoiceLine } from '~/features/payments'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import type { SubscriptionOverview } from '../plans.schemas'
import { formatUsage, limitLabel } from './plan-format'
import { formatTehranDay } from '~/lib/tehran-time'

/** The seller's plan: the period and what follows it, and usage against each limit. */
export function CurrentPlan({ overview }: { overview: SubscriptionOverview }) {
  const { current, next, plan } = overview
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-stone-600">{m.tools_plans_your_plan()}</p>
        <p className="text-xl font-semibold text-ink">{plan.name}</p>
        {current ? (
          <p className="text-sm text-stone-800">
            {current.billing_cycle === 'yearly' ? m.tools_plans_yearly() : m.tools_plans_monthly()}
            {m.tools_plans_paid_until()}
            <strong>{formatTehranDay(current.period_end)}</strong>
            {next
              ? m.tools_plans_then_next({ plan: next.plan_name, day: formatTehranDay(next.period_end) })
              : current.ends_to_free
                ? m.tools_plans_then_free()
                : overview.lapses_at
                  ? m.tools_plans_renew_by({ day: formatTehranDay(overview.lapses_at) })
                  : null}
            {m.tools_plans_sentence_end()}
          </p>
        ) : (
          <p className="text-sm text-stone-800">{m.tools_plans_no_paid_period()}</p>
        )}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label={m.tools_plans_usage_label()}>
        {overview.usage.map((u) => {
          const share = u.limit ? Math.min(1, u.used / u.limit) : 0
          const full = u.kind !== 'importRows' && u.limit !== null && u.used >= u.limit
          return (
            <li key={u.kind} className="flex flex-col gap-1.5 rounded-xl bg-stone-50 p-3">
              <span className="text-xs text-stone-600">{limitLabel(u.kind)}</span>
              <span className={cn('text-sm font-semibold', full ? 'text-red-800' : 'text-ink')}>
                {formatUsage(u.kind, u.used, u.limit)}
              </span>
              {u.kind !== 'importRows' && u.limit !== null ? (
                <span className="h-1.5 w-full overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                  <span
                    className={cn('block h-full rounded-full', full ? 'bg-red-700' : 'bg-brand-500')}
                    style={{ width: `${Math.round(share * 100)}%` }}
                  />
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** The platform's invoices for the seller's plan periods, each with its PDF. */
export function PlanInvoices({ overview }: { overview: SubscriptionOverview }) {
  if (overview.invoices.length === 0)
    return <p className="text-sm text-stone-700">{m.tools_plans_no_invoices()}</p>
  return (
    <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {overview.invoices.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
          <PlatformInvoiceLine
            invoice={invoice}
            pdfHref={overview.can_manage ? `/api/platform-invoices/${invoice.id}/pdf` : null}
          />
        </li>
      ))}
    </ul>
  )
}
