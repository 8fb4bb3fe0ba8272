import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { AdminPlanEditor } from '~/features/plans/components/admin-plans'
import { planQueries } from '~/features/plans'
import { PlusPriceForm } from '~/features/plus/components/plus-price-form'
import { plusQueries } from '~/features/plus'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/plans')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(planQueries.admin()),
      context.queryClient.ensureQueryData(plusQueries.adminPrice()),
    ])
    return { title: m.admin_plans_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminPlansPage,
})

function AdminPlansPage() {
  const { data: plans } = useSuspenseQuery(planQueries.admin())
  const { data: plus } = useSuspenseQuery(plusQueries.adminPrice())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.admin_plans_title()}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-700">{m.admin_plans_intro()}</p>
      </div>
      {plans.map((plan) => (
        <AdminPlanEditor key={`${plan.id}-${plan.status}`} plan={plan} />
      ))}
      <PlusPriceForm yearlyPrice={plus.yearly_price} />
    </section>
  )
}
