import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import type { PlanLimitKind } from '~/lib/domain-enums'
import type { SubscriptionOverview } from '../plans.schemas'
import { formatUsage, limitLabel } from './plan-format'

const card = 'flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5'

/** Where each counted thing is listed (import rows are per file: nothing to list). */
function ListLink({
  kind,
  className,
  children,
}: {
  kind: PlanLimitKind
  className: string
  children: ReactNode
}) {
  switch (kind) {
    case 'stores':
      return (
        <Link to="/seller/stores" className={className}>
          {children}
        </Link>
      )
    case 'skus':
      return (
        <Link to="/seller/inventory" search={{ status: 'active' }} className={className}>
          {children}
        </Link>
      )
    case 'magazines':
      return (
        <Link to="/seller/magazines" className={className}>
          {children}
        </Link>
      )
    case 'observers':
      return (
        <Link to="/seller/profile/observers" className={className}>
          {children}
        </Link>
      )
    case 'importRows':
      return <div className={className}>{children}</div>
  }
}

/**
 * The seller dashboard's plan usage: stores, active SKUs, published magazines and observers
 * against the plan's limits (the numbers the server's limit checks use), each linking to its list.
 */
export function PlanUsageCard({ overview }: { overview: SubscriptionOverview }) {
  const counted = overview.usage.filter((u) => u.kind !== 'importRows')
  const full = counted.filter((u) => u.limit !== null && u.used >= u.limit)
  return (
    <section aria-labelledby="plan-usage-title" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="plan-usage-title" className="text-base font-semibold text-ink">
          {m.seller_plan_usage_title()}{' '}
          <span className="text-sm font-normal text-stone-600">({overview.plan.name})</span>
        </h2>
        <Link to="/subscription" className="text-sm font-medium text-brand-800 hover:underline">
          {overview.can_manage ? m.seller_plan_change() : m.seller_plan_see()}
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {counted.map((u) => {
          const share = u.limit ? Math.min(1, u.used / u.limit) : 0
          const atLimit = u.limit !== null && u.used >= u.limit
          return (
            <li key={u.kind}>
              <ListLink
                kind={u.kind}
                className="flex h-full flex-col gap-1.5 rounded-xl border border-stone-200 p-3 hover:border-brand-400"
              >
                <span className="text-xs text-stone-600">{limitLabel(u.kind)}</span>
                <span
                  className={cn(
                    'text-base font-semibold tabular-nums',
                    atLimit ? 'text-red-800' : 'text-ink',
                  )}
                >
                  {formatUsage(u.kind, u.used, u.limit)}
                </span>
                {u.limit !== null ? (
                  <span
                    role="meter"
                    aria-label={m.seller_plan_meter_used({ label: limitLabel(u.kind) })}
                    aria-valuemin={0}
                    aria-valuemax={u.limit}
                    aria-valuenow={Math.min(u.used, u.limit)}
                    className="h-1.5 w-full overflow-hidden rounded-full bg-stone-200"
                  >
                    <span
                      className={cn('block h-full rounded-full', atLimit ? 'bg-red-700' : 'bg-brand-500')}
                      style={{ width: `${Math.round(share * 100)}%` }}
                    />
                  </span>
                ) : null}
              </ListLink>
            </li>
          )
        })}
      </ul>
      {full.length ? (
        <p role="status" className="rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-900">
          {m.seller_plan_at_limit({
            count: full.length,
            countText: formatNumber(full.length),
            labels: full.map((u) => limitLabel(u.kind).toLowerCase()).join(m.seller_plan_and()),
          })}
        </p>
      ) : null}
    </section>
  )
}
