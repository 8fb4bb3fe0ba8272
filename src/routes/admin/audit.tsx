import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { AUDIT_PER_PAGE, adminQueries, auditSearch } from '~/features/admin'
import { AuditFilters } from '~/features/admin/components/audit-filters'
import { AuditList } from '~/features/admin/components/audit-list'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { ListPage } from '~/ui/list-page'

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
  const filtered = Object.values(filters).some((value) => value !== undefined)
  return (
    <ListPage
      title={m.admin_audit_title()}
      count={m.admin_audit_count({ count: data.total, countText: formatNumber(data.total) })}
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
      filters={
        <AuditFilters
          key={JSON.stringify(filters)}
          values={filters}
          onApply={(next) => void navigate({ search: next })}
        />
      }
    >
      <AuditList events={data.items} filtered={filtered} />
    </ListPage>
  )
}
