import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { LandingAdminList } from '~/features/catalog-admin/components/landing-admin-list'
import { landingAdminQueries } from '~/features/catalog-admin/landing-admin.queries'
import { pageHead } from '~/features/shell/page-head'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'

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
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {m.admin_landing_title()}
          </h1>
          <p className="text-sm text-stone-600">{m.admin_landing_intro()}</p>
        </div>
        <Button asChild>
          <Link to="/admin/landing/new">{m.admin_landing_new()}</Link>
        </Button>
      </div>
      <LandingAdminList pages={pages} />
    </section>
  )
}
