import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { LandingAdminList } from '~/features/catalog-admin/components/landing-admin-list'
import { landingAdminQueries } from '~/features/catalog-admin'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { ListPage } from '~/ui/list-page'

export const Route = createFileRoute('/admin/landing/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(landingAdminQueries.list())
    return { title: m.admin_landing_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminLandingPages,
})

function AdminLandingPages() {
  const { data: pages } = useSuspenseQuery(landingAdminQueries.list())
  return (
    <ListPage
      title={m.admin_landing_title()}
      intro={m.admin_landing_intro()}
      actions={
        <Button asChild>
          <Link to="/admin/landing/new">{m.admin_landing_new()}</Link>
        </Button>
      }
    >
      <LandingAdminList pages={pages} />
    </ListPage>
  )
}
