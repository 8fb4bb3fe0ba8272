import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { PurchaseOutcome } from '~/features/payments'
import { toApiError } from '~/lib/api-error'
import { isApprovedSeller, sellerRole } from '~/lib/auth-access'
import type { BillingCycle } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import type { User } from '~/lib/user'
import { Button, buttonClasses } from '~/ui/button'
import { Dialog, DialogContent } from '~/ui/dialog'
import { choosePlanFn, quotePlanFn } from '../plans.functions'
import { planQueries } from '../plans.queries'
import type { PlanQuote, PlanView } from '../plans.schemas'
import { CurrentPlan, PlanInvoices } from './current-plan'
import { PlanCards } from './plan-cards'
import { formatTehranDay } from '~/lib/tehran-time'
import { constants } from '#app-config'
import { PageSection } from '~/ui/page-section'

/** "Pro, monthly": the plan and the billing cycle, in the page's language. */
const planAndCycle = (plan: string, cycle: BillingCycle) =>
  m.tools_plans_plan_cycle({
    plan,
    cycle: cycle === 'monthly' ? m.tools_plans_cycle_monthly() : m.tools_plans_cycle_yearly(),
  })

/** /subscription: the plans compared, the seller's own plan and usage, and choosing one. */
export function SubscriptionPage({ user, purchase }: { user: User | null; purchase?: string }) {
  const { data: plans } = useSuspenseQuery(planQueries.list())
  const seller = isApprovedSeller(user)
  const overview = useQuery({ ...planQueries.overview(), enabled: seller })
  const [cycle, setCycle] = useState<BillingCycle>('monthly')
  const [choosing, setChoosing] = useState<PlanView | null>(null)
  const [applied, setApplied] = useState<PlanQuote | null>(null)
  const canChoose = seller && overview.data?.can_manage === true
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.tools_plans_title()}
        </h1>
        <p className="max-w-2xl text-stone-700">{m.tools_plans_intro()}</p>
      </header>
      {purchase && seller ? <PlanPurchaseOutcome purchaseNumber={purchase} /> : null}
      {applied ? (
        <p
          role="status"
          className="rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
        >
          {m.tools_plans_applied({ plan: applied.plan_name, day: formatTehranDay(applied.period_end) })}
        </p>
      ) : null}
      {seller && overview.data ? (
        <PageSection id="current-title" title={m.tools_plans_your_plan_usage()}>
          <CurrentPlan overview={overview.data} />
        </PageSection>
      ) : null}
      <section aria-labelledby="plans-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-title" className="text-lg font-semibold text-ink">
            {m.tools_plans_compare()}
          </h2>
          <fieldset className="flex rounded-lg border border-stone-300 bg-white p-1 text-sm">
            <legend className="sr-only">{m.tools_plans_billing()}</legend>
            {(['monthly', 'yearly'] as const).map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded-md px-3 py-1.5 font-medium text-stone-800 has-checked:bg-brand-500 has-checked:text-ink has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
              >
                <input
                  type="radio"
                  name="cycle"
                  value={value}
                  checked={cycle === value}
                  onChange={() => setCycle(value)}
                  className="sr-only"
                />
                {value === 'monthly' ? m.tools_plans_monthly() : m.tools_plans_yearly()}
              </label>
            ))}
          </fieldset>
        </div>
        <PlanCards
          plans={plans}
          cycle={cycle}
          currentSlug={seller ? (overview.data?.plan.slug ?? null) : null}
          onChoose={canChoose ? setChoosing : undefined}
        />
        {!seller ? <NotASeller user={user} /> : null}
        {seller && overview.data && !overview.data.can_manage ? (
          <p className="text-sm text-stone-700">{m.tools_plans_owner_only()}</p>
        ) : null}
      </section>
      {seller && overview.data ? (
        <PageSection id="invoices-title" title={m.tools_plans_invoices()}>
          <PlanInvoices overview={overview.data} />
        </PageSection>
      ) : null}
      {choosing ? (
        <ChoosePlanDialog
          plan={choosing}
          cycle={cycle}
          onClose={() => setChoosing(null)}
          onApplied={setApplied}
        />
      ) : null}
    </div>
  )
}

function NotASeller({ user }: { user: User | null }) {
  const role = user ? sellerRole(user) : null
  if (role) return <p className="text-sm text-stone-700">{m.tools_plans_after_approval()}</p>
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-stone-50 p-4">
      <p className="text-sm text-stone-800">{m.tools_plans_sell_on({ brand: constants.brand.name })}</p>
      <Link to="/become-a-seller" className={buttonClasses()}>
        {m.tools_plans_become_seller()}
      </Link>
    </div>
  )
}

/** The quote (price, credit for unused days, the period) and "Pay", which goes to the bank. */
function ChoosePlanDialog({
  plan,
  cycle,
  onClose,
  onApplied,
}: {
  plan: PlanView
  cycle: BillingCycle
  onClose: () => void
  /** The credit paid for the change in full: it applied without a payment. */
  onApplied: (quote: PlanQuote) => void
}) {
  const queryClient = useQueryClient()
  const quote = useQuery({
    queryKey: [...planQueries.all, 'quote', plan.slug, cycle],
    queryFn: () => quotePlanFn({ data: { plan: plan.slug, cycle } }),
    retry: false,
    gcTime: 0,
  })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      const result = await choosePlanFn({ data: { plan: plan.slug, cycle } })
      if ('url' in result) {
        window.location.assign(result.url)
        return
      }
      await queryClient.invalidateQueries({ queryKey: planQueries.all })
      if ('applied' in result) onApplied(result.applied)
      onClose()
    } catch (thrown) {
      setError(toApiError(thrown).message)
      setBusy(false)
    }
  }
  const q: PlanQuote | undefined = quote.data
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title={planAndCycle(plan.name, cycle)}>
        {quote.isPending ? <p className="text-sm text-stone-700">{m.tools_plans_working_out()}</p> : null}
        {quote.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {toApiError(quote.error).message}
          </p>
        ) : null}
        {q ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-stone-800">{q.summary}</p>
            {q.kind !== 'to_free' ? (
              <dl className="flex flex-col gap-1 rounded-xl bg-stone-50 p-3 text-sm">
                <div className="flex justify-between gap-3">
                  <dt>{planAndCycle(plan.name, cycle)}</dt>
                  <dd>{formatMoney(q.list_price, q.currency)}</dd>
                </div>
                {q.credit > 0 ? (
                  <div className="flex justify-between gap-3 text-emerald-800">
                    <dt>
                      {m.tools_plans_credit_days({
                        count: q.credit_days,
                        countText: formatNumber(q.credit_days),
                      })}
                    </dt>
                    <dd>-{formatMoney(q.credit, q.currency)}</dd>
                  </div>
                ) : null}
                {q.extra_days > 0 ? (
                  <div className="flex justify-between gap-3 text-emerald-800">
                    <dt>{m.tools_plans_credit_left()}</dt>
                    <dd>
                      {m.tools_plans_extra_days({
                        count: q.extra_days,
                        countText: formatNumber(q.extra_days),
                        plan: plan.name,
                      })}
                    </dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-3 border-t border-stone-200 pt-1 font-semibold">
                  <dt>{m.tools_plans_to_pay_now()}</dt>
                  <dd>{q.amount === 0 ? m.tools_plans_nothing() : formatMoney(q.amount, q.currency)}</dd>
                </div>
                <div className="flex justify-between gap-3 text-stone-700">
                  <dt>{m.tools_plans_period()}</dt>
                  <dd>
                    {formatTehranDay(q.period_start)} – {formatTehranDay(q.period_end)}
                  </dd>
                </div>
              </dl>
            ) : null}
            {error ? (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={onClose}>
                {m.tools_tiers_cancel()}
              </Button>
              <Button onClick={confirm} disabled={busy}>
                {q.kind === 'to_free'
                  ? m.tools_plans_move_to_free()
                  : q.amount === 0
                    ? m.tools_plans_switch_now({ plan: plan.name })
                    : m.tools_plans_pay({ amount: formatMoney(q.amount, q.currency) })}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** Back from the bank: what happened to the plan purchase. */
function PlanPurchaseOutcome({ purchaseNumber }: { purchaseNumber: string }) {
  return (
    <PurchaseOutcome
      query={useQuery(planQueries.purchase(purchaseNumber))}
      paid={(p) => (
        <>
          {m.tools_plans_paid({
            plan: p.plan_name ?? '',
            number: p.number,
            from: formatTehranDay(p.period_start),
            to: formatTehranDay(p.period_end),
          })}
        </>
      )}
      refunded={(p) => m.tools_plans_refunded({ number: p.number })}
      failed={(p) => m.tools_plans_failed({ plan: p.plan_name ?? '', number: p.number })}
    />
  )
}
