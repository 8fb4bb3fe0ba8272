import type { BillingCycle } from '~/lib/domain-enums'
import { planLimitKinds } from '~/lib/domain-enums'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import { Button } from '~/ui/button'
import { featureLabel, type PlanView } from '../plans.schemas'
import { formatLimit, limitLabel, priceLabel } from './plan-format'

const cycleWord = (cycle: BillingCycle) =>
  cycle === 'monthly' ? m.tools_plans_cycle_monthly() : m.tools_plans_cycle_yearly()

/** The comparison of the active plans: the same rows in every card, the price for the chosen cycle. */
export function PlanCards({
  plans,
  cycle,
  currentSlug,
  onChoose,
  chooseDisabled,
}: {
  plans: PlanView[]
  cycle: BillingCycle
  currentSlug: string | null
  /** Absent for guests and others who cannot choose (they get a way to become a seller instead). */
  onChoose?: (plan: PlanView) => void
  chooseDisabled?: boolean
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plans.map((plan) => {
        const price = cycle === 'monthly' ? plan.monthly_price : plan.yearly_price
        const current = plan.slug === currentSlug
        const headingId = `plan-${plan.slug}`
        return (
          <li
            key={plan.slug}
            aria-labelledby={headingId}
            className={cn(
              'flex flex-col gap-4 rounded-2xl border bg-white p-5',
              current ? 'border-brand-500 ring-2 ring-brand-400' : 'border-stone-200',
            )}
          >
            <div className="flex items-start justify-between gap-2">
              <h3 id={headingId} className="text-xl font-semibold text-ink">
                {plan.name}
              </h3>
              {current ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-ink">
                  {m.tools_plans_your_plan()}
                </span>
              ) : null}
            </div>
            <p className="text-sm text-stone-700">{plan.description}</p>
            <div>
              <p className="text-2xl font-bold text-ink">
                {priceLabel(price)}
                {price > 0 ? (
                  <span className="text-sm font-normal text-stone-600">
                    {' '}
                    {cycle === 'monthly' ? m.tools_plans_per_month() : m.tools_plans_per_year()}
                  </span>
                ) : null}
              </p>
              {price > 0 ? (
                <p className="text-sm text-stone-700">
                  {cycle === 'monthly'
                    ? m.tools_plans_or_yearly({ price: formatMoney(plan.yearly_price) })
                    : m.tools_plans_monthly_price({ price: formatMoney(plan.monthly_price) })}
                  {plan.yearly_saving > 0 ? (
                    <>
                      {' · '}
                      <strong className="font-semibold text-emerald-800">
                        {m.tools_plans_yearly_saves({ amount: formatMoney(plan.yearly_saving) })}
                      </strong>
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
            <dl className="flex flex-col divide-y divide-stone-100 text-sm">
              {planLimitKinds.map((kind) => (
                <div key={kind} className="flex justify-between gap-3 py-1.5">
                  <dt className="text-stone-700">{limitLabel(kind)}</dt>
                  <dd className="font-semibold text-ink">{formatLimit(plan.limits[kind])}</dd>
                </div>
              ))}
            </dl>
            {plan.features.length ? (
              <ul className="flex flex-col gap-1 text-sm text-stone-800">
                {plan.features.map((f) => (
                  <li key={f}>✓ {featureLabel(f)}</li>
                ))}
              </ul>
            ) : null}
            {onChoose ? (
              <Button
                className="mt-auto"
                variant={current ? 'secondary' : 'primary'}
                disabled={chooseDisabled}
                onClick={() => onChoose(plan)}
                aria-label={
                  current
                    ? m.tools_plans_renew_label({ plan: plan.name, cycle: cycleWord(cycle) })
                    : m.tools_plans_choose_label({ plan: plan.name, cycle: cycleWord(cycle) })
                }
              >
                {current
                  ? plan.monthly_price === 0
                    ? m.tools_plans_current_plan()
                    : m.tools_plans_renew()
                  : m.tools_plans_choose({ plan: plan.name })}
              </Button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
