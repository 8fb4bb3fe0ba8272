import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ReconciliationView } from '~/features/finance-admin/components/reconciliation'
import { financeAdminQueries, reconciliationSearch } from '~/features/finance-admin'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/finance/reconciliation')({
  // A malformed or empty day in the address falls back to the default range.
  validateSearch: reconciliationSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(financeAdminQueries.reconciliation(deps))
    return { title: m.finance_reconciliation_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: ReconciliationPage,
})

function ReconciliationPage() {
  const search = Route.useSearch()
  const { data } = useSuspenseQuery(financeAdminQueries.reconciliation(search))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.finance_reconciliation_title()}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-700">{m.finance_reconciliation_intro()}</p>
      </div>
      <ReconciliationView data={data} />
    </section>
  )
}
