import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { adminQueries } from '~/features/admin/admin.queries'
import { adminUserSearch, USERS_PER_PAGE } from '~/features/admin/admin-search.schemas'
import { NoUsers, RoleFilter, UserList } from '~/features/admin/components/user-list'
import { pageHead } from '~/features/shell/page-head'
import { dayText } from '~/features/admin/admin-format'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { SearchForm } from '~/ui/form/search-form'
import { Pagination } from '~/ui/pagination'

export const Route = createFileRoute('/admin/users/')({
  validateSearch: adminUserSearch,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(adminQueries.users({ ...deps, per_page: USERS_PER_PAGE }))
    return { title: m.admin_users_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminUsersPage,
})

function AdminUsersPage() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(adminQueries.users({ ...search, per_page: USERS_PER_PAGE }))
  const pageCount = Math.max(1, Math.ceil(data.total / data.per_page))
  const filtered = Boolean(search.q || search.role || search.since)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.admin_users_title()}
        </h1>
        <p className="text-sm text-stone-600" role="status">
          {m.admin_users_count({ count: data.total, countText: formatNumber(data.total) })}
          {search.since ? m.admin_users_since({ day: dayText(search.since) }) : ''}
        </p>
      </div>
      <SearchForm
        key={search.q ?? ''}
        label={m.admin_users_search_label()}
        ariaLabel={m.admin_users_search_aria()}
        initial={search.q ?? ''}
        placeholder={m.admin_users_search_placeholder()}
        onSearch={(q) => void navigate({ search: (prev) => ({ ...prev, q, page: undefined }) })}
      />
      <RoleFilter
        active={search.role}
        renderLink={(role, props) => (
          <Link
            from={Route.fullPath}
            to="."
            search={(prev) => ({ ...prev, role, page: undefined })}
            {...props}
          />
        )}
      />
      <UserList
        users={data.items}
        empty={
          <NoUsers
            filtered={filtered}
            action={
              <Button asChild variant="secondary">
                <Link to="/admin/users">{m.admin_users_show_everyone()}</Link>
              </Button>
            }
          />
        }
      />
      <Pagination
        page={data.page}
        pageCount={pageCount}
        renderLink={(page, props) => <Link to="." search={(prev) => ({ ...prev, page })} {...props} />}
      />
    </section>
  )
}
