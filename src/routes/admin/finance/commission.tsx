import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { CommissionRatesEditor } from '~/features/finance-admin/components/commission-rates'
import { financeAdminQueries } from '~/features/finance-admin'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/finance/commission')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(financeAdminQueries.rates())
    return { title: m.finance_rates_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: CommissionRatesPage,
})

function CommissionRatesPage() {
  const { data } = useSuspenseQuery(financeAdminQueries.rates())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.finance_rates_title()}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-700">{m.finance_rates_intro()}</p>
      </div>
      <CommissionRatesEditor view={data} />
    </section>
  )
}
