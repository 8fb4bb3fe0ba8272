import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { LandingEditor } from '~/features/catalog-admin/components/landing-admin-editor'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/landing/new')({
  loader: () => ({ title: m.admin_landing_new() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: NewLandingPage,
})

function NewLandingPage() {
  const navigate = useNavigate()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <Link to="/admin/landing" className="self-start text-sm font-medium text-brand-800 hover:underline">
        {m.admin_landing_back()}
      </Link>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.admin_landing_new()}
      </h1>
      <LandingEditor
        onSaved={(saved) =>
          void navigate({ to: '/admin/landing/$id', params: { id: String(saved.id) }, replace: true })
        }
      />
    </section>
  )
}
