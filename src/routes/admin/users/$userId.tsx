import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { adminQueries } from '~/features/admin'
import { UserDetailPanels } from '~/features/admin/components/user-detail'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { invalidParam } from '~/lib/route-errors'

export const Route = createFileRoute('/admin/users/$userId')({
  params: {
    parse: ({ userId }: { userId: string }) =>
      /^\d{1,9}$/.test(userId) && Number(userId) > 0 ? { userId } : invalidParam(),
  },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(adminQueries.user(Number(params.userId)))
    return { title: m.admin_user_page_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminUserPage,
})

function AdminUserPage() {
  const { userId } = Route.useParams()
  const { data } = useSuspenseQuery(adminQueries.user(Number(userId)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div>
        <Link to="/admin/users" className="text-sm font-medium text-brand-800 hover:underline">
          {m.admin_user_back()}
        </Link>
        <h1
          id="page-title"
          className="mt-1 text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl"
        >
          {data.name}
        </h1>
      </div>
      <UserDetailPanels user={data} />
    </section>
  )
}
