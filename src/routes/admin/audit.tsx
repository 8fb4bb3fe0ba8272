import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { adminQueries } from '~/features/admin/admin.queries'
import { AUDIT_PER_PAGE, auditSearch } from '~/features/admin/admin-search.schemas'
import { AuditFilters } from '~/features/admin/components/audit-filters'
import { AuditList } from '~/features/admin/components/audit-list'
import { pageHead } from '~/features/shell/page-head'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Pagination } from '~/ui/pagination'

export const Route = createFileRoute('/admin/audit')({
  validateSearch: auditSearch,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(adminQueries.audit({ ...deps, per_page: AUDIT_PER_PAGE }))
    return { title: m.admin_audit_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AuditPage,
})

function AuditPage() {
  const { page, ...filters } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(adminQueries.audit({ ...filters, page, per_page: AUDIT_PER_PAGE }))
  const pageCount = Math.max(1, Math.ceil(data.total / data.per_page))
  const filtered = Object.values(filters).some((value) => value !== undefined)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.admin_audit_title()}
        </h1>
        <p className="text-sm text-stone-600" role="status">
          {m.admin_audit_count({ count: data.total, countText: formatNumber(data.total) })}
        </p>
      </div>
      <AuditFilters
        key={JSON.stringify(filters)}
        values={filters}
        onApply={(next) => void navigate({ search: next })}
      />
      <AuditList events={data.items} filtered={filtered} />
      <Pagination
        page={data.page}
        pageCount={pageCount}
        renderLink={(target, props) => (
          <Link to="." search={(prev) => ({ ...prev, page: target })} {...props} />
        )}
      />
    </section>
  )
}
