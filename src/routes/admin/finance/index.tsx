import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { FinanceOverviewPanel } from '~/features/finance-admin/components/finance-overview'
import { SettlementModeForm } from '~/features/finance-admin/components/settlement-mode'
import { financeAdminQueries } from '~/features/finance-admin'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/finance/')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(financeAdminQueries.overview()),
      context.queryClient.ensureQueryData(financeAdminQueries.settlement()),
    ])
    return { title: m.finance_admin_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminFinancePage,
})

function AdminFinancePage() {
  const { data } = useSuspenseQuery(financeAdminQueries.overview())
  const { data: settlement } = useSuspenseQuery(financeAdminQueries.settlement())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.finance_admin_title()}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-700">{m.finance_admin_intro()}</p>
        <p className="mt-2 flex flex-wrap gap-4 text-sm">
          <Link to="/admin/finance/reconciliation" className="text-brand-800 underline">
            {m.finance_reconciliation_title()}
          </Link>
          <Link to="/admin/finance/commission" className="text-brand-800 underline">
            {m.finance_rates_title()}
          </Link>
        </p>
      </div>
      <FinanceOverviewPanel overview={data} />
      <SettlementModeForm setting={settlement} />
    </section>
  )
}
