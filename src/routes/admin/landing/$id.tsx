import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { LandingDeleteButton } from '~/features/catalog/components/landing-admin-delete'
import { LandingEditor } from '~/features/catalog/components/landing-admin-editor'
import { LandingStatusBadge } from '~/features/catalog/components/landing-admin-list'
import { landingAdminQueries } from '~/features/catalog/landing-admin.queries'
import { pageHead } from '~/features/shell/page-head'
import { parseIdParam } from '~/lib/route-errors'
import { Button } from '~/ui/button'

export const Route = createFileRoute('/admin/landing/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(landingAdminQueries.detail(Number(params.id)))
  },
  head: () => pageHead('Edit landing page'),
  component: EditLandingPage,
})

function EditLandingPage() {
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const { data: page } = useSuspenseQuery(landingAdminQueries.detail(Number(id)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <Link to="/admin/landing" className="self-start text-sm font-medium text-brand-800 hover:underline">
        ← Landing pages
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
          Edit: {page.title}
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
                  View public page<span className="sr-only"> (opens in a new tab)</span> ↗
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
