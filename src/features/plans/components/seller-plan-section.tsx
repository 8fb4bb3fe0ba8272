import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { buttonClasses } from '~/ui/button'
import { planQueries } from '../plans.queries'
import { CurrentPlan, PlanInvoices } from './current-plan'

/** /seller/profile: the plan, its renewal date, usage and the plan's invoices. */
export function SellerPlanSection() {
  const { data } = useQuery(planQueries.overview())
  if (!data) return null
  return (
    <section aria-labelledby="plan-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="plan-title" className="text-lg font-semibold text-ink">
          {m.tools_plans_subscription()}
        </h2>
        {data.can_manage ? (
          <Link to="/subscription" className={buttonClasses('secondary')}>
            {m.seller_plan_change()}
          </Link>
        ) : null}
      </div>
      <CurrentPlan overview={data} />
      <h3 className="text-base font-semibold text-ink">{m.tools_plans_invoices()}</h3>
      <PlanInvoices overview={data} />
    </section>
  )
}
