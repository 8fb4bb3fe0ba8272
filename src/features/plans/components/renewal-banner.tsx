import { useQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { Link } from '@tanstack/react-router'
import { planQueries } from '../plans.queries'
import { formatTehranDay } from '~/lib/tehran-time'

/**
 * The seller panel's banner while a paid period is about to end (7 days) or in its grace days: when
 * it ends, when the seller moves to Free, and the way to renew.
 */
export function RenewalBanner() {
  const { data } = useQuery(planQueries.overview())
  if (!data?.current || (data.phase !== 'ending' && data.phase !== 'grace')) return null
  const { current } = data
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p>
        {data.phase === 'grace' ? (
          <>
            {m.seller_plan_renew_grace({
              plan: current.plan_name,
              ended: formatTehranDay(current.period_end),
              lapses: formatTehranDay(data.lapses_at!),
            })}
          </>
        ) : (
          <>
            {m.seller_plan_renew_ending({
              plan: current.plan_name,
              ended: formatTehranDay(current.period_end),
            })}
          </>
        )}
      </p>
      {data.can_manage ? (
        <Link to="/subscription" className="font-semibold text-amber-950 underline underline-offset-4">
          {m.seller_plan_renew({ plan: current.plan_name })}
        </Link>
      ) : null}
    </div>
  )
}
