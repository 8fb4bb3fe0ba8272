import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { LandingDeleteButton } from '~/features/catalog-admin/components/landing-admin-delete'
import { LandingEditor } from '~/features/catalog-admin/components/landing-admin-editor'
import { LandingStatusBadge } from '~/features/catalog-admin/components/landing-admin-list'
import { landingAdminQueries } from '~/features/catalog-admin'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { parseIdParam } from '~/lib/route-errors'
import { Button } from '~/ui/button'

export const Route = createFileRoute('/admin/landing/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(landingAdminQueries.detail(Number(params.id)))
    return { title: m.admin_landing_edit_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: EditLandingPage,
})

function EditLandingPage() {
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const { data: page } = useSuspenseQuery(landingAdminQueries.detail(Number(id)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <Link to="/admin/landing" className="self-start text-sm font-medium text-brand-800 hover:underline">
        {m.admin_landing_back()}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
          {m.admin_content_edit_heading({ title: page.title })}
        </h1>
        <LandingStatusBadge status={page.status} />
      </div>
      <LandingEditor
        // A save brings a new version: the form starts again from what the server stored.
        key={page.updated_at}
        page={page}
        onSaved={() => undefined}
        actions={
          <>
            {page.status === 'published' ? (
              <Button asChild variant="secondary">
                <a href={`/landing/${page.slug}`} target="_blank" rel="noopener">
                  {m.admin_landing_view_public()}
                  <span className="sr-only">{m.admin_landing_new_tab()}</span>{' '}
                  <span aria-hidden="true" className="rtl:-scale-x-100">
                    ↗
                  </span>
                </a>
              </Button>
            ) : null}
            <LandingDeleteButton page={page} onDeleted={() => void navigate({ to: '/admin/landing' })} />
          </>
        }
      />
    </section>
  )
}
