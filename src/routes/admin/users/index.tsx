import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import { USERS_PER_PAGE, adminQueries, adminUserSearch, dayText } from '~/features/admin'
import { RoleFilter, UserList } from '~/features/admin/components/user-list'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { SearchForm } from '~/ui/form/search-form'
import { ListPage, useListSearch, type ListEmpty } from '~/ui/list-page'

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
  const { search, setSearch } = useListSearch(Route)
  const { data } = useSuspenseQuery(adminQueries.users({ ...search, per_page: USERS_PER_PAGE }))
  const filtered = Boolean(search.q || search.role || search.since)
  const empty: ListEmpty = filtered
    ? {
        title: m.admin_users_none_match(),
        text: m.admin_users_none_match_hint(),
        action: (
          <Button asChild variant="secondary">
            <Link to="/admin/users">{m.admin_users_show_everyone()}</Link>
          </Button>
        ),
      }
    : { title: m.admin_users_none_yet(), text: m.admin_users_none_yet_hint() }
  return (
    <ListPage
      title={m.admin_users_title()}
      count={
        <>
          {m.admin_users_count({ count: data.total, countText: formatNumber(data.total) })}
          {search.since ? m.admin_users_since({ day: dayText(search.since) }) : ''}
        </>
      }
      filters={
        <>
          <SearchForm
            key={search.q ?? ''}
            label={m.admin_users_search_label()}
            ariaLabel={m.admin_users_search_aria()}
            initial={search.q ?? ''}
            placeholder={m.admin_users_search_placeholder()}
            onSearch={(q) => setSearch({ q })}
          />
          <RoleFilter active={search.role} />
        </>
      }
      empty={data.items.length ? null : empty}
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
    >
      <UserList users={data.items} />
    </ListPage>
  )
}
