import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useCurrentUser } from '~/features/auth'
import { BalanceCards } from '~/features/seller-finance/components/balance-cards'
import { CommissionInvoicesList } from '~/features/seller-finance/components/commission-invoices-list'
import { StatementFiltersForm } from '~/features/seller-finance/components/statement-filters'
import { StatementTable } from '~/features/seller-finance/components/statement-table'
import { financeSearch, sellerFinanceQueries, type StatementFilters } from '~/features/seller-finance'
import { pageHead } from '~/features/shell'
import { sellerRole } from '~/lib/auth-access'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { PageSection } from '~/ui/page-section'
import { SellerPayoutsSection } from '~/features/payouts/components/seller-payouts-section'

/**
 * /seller/finance (issue #38): balances, the statement with its filters and export, and the
 * platform's monthly commission invoices. Approved sellers and their observers (read-only).
 */
export const Route = createFileRoute('/seller/finance')({
  validateSearch: financeSearch,
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(sellerFinanceQueries.overview()),
      context.queryClient.ensureQueryData(sellerFinanceQueries.statement(deps)),
    ])
    return { title: m.finance_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerFinancePage,
})

function SellerFinancePage() {
  const search = Route.useSearch()
  const { user } = useCurrentUser()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: overview } = useSuspenseQuery(sellerFinanceQueries.overview())
  const { data: statement } = useSuspenseQuery(sellerFinanceQueries.statement(search))
  const filters: StatementFilters = { from: search.from, to: search.to, kind: search.kind }
  const filtered = Boolean(search.from || search.to || search.kind)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.finance_title()}
        </h1>
        <p className="text-sm text-stone-600">{m.finance_intro()}</p>
      </div>

      <PageSection id="finance-balances" title={m.finance_balances_heading()}>
        <BalanceCards balances={overview.balances} />
      </PageSection>

      <SellerPayoutsSection />

      <PageSection id="finance-statement" title={m.finance_statement_heading()}>
        <p className="text-sm text-stone-600">{m.finance_statement_intro()}</p>
        <StatementFiltersForm
          key={`${search.from ?? ''}|${search.to ?? ''}|${search.kind ?? ''}`}
          values={filters}
          onApply={(next) => void navigate({ search: { ...next, cursor: undefined } })}
        />
        {statement.lines.length ? (
          <StatementTable page={statement} />
        ) : filtered || search.cursor ? (
          <p className="text-sm text-stone-600">{m.finance_statement_none_match()}</p>
        ) : (
          <div className="rounded-lg border border-stone-200 bg-white p-4 text-sm">
            <p className="font-semibold text-ink">{m.finance_statement_empty_title()}</p>
            <p className="mt-1 text-stone-600">{m.finance_statement_empty_text()}</p>
          </div>
        )}
        <nav className="flex gap-2">
          {search.cursor ? (
            <Button asChild variant="ghost" size="sm">
              <Link to="/seller/finance" search={{ ...filters }}>
                {m.finance_newest()}
              </Link>
            </Button>
          ) : null}
          {statement.next ? (
            <Button asChild variant="secondary" size="sm">
              <Link to="/seller/finance" search={{ ...filters, cursor: statement.next }}>
                {m.finance_older()}
              </Link>
            </Button>
          ) : null}
        </nav>
      </PageSection>

      <PageSection id="finance-invoices" title={m.finance_invoices_heading()}>
        <p className="text-sm text-stone-600">{m.finance_invoices_intro()}</p>
        <CommissionInvoicesList invoices={overview.invoices} canDownload={sellerRole(user) === 'owner'} />
      </PageSection>
    </section>
  )
}
