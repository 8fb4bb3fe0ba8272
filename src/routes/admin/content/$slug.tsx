import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageEditor } from '~/features/content/components/page-editor'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { invalidParam } from '~/lib/route-errors'

export const Route = createFileRoute('/admin/content/$slug')({
  params: { parse: ({ slug }) => (/^[a-z0-9-]{1,80}$/.test(slug) ? { slug } : invalidParam()) },
  loader: async ({ context }) => {
    // The admin list carries every page in full; the editor needs nothing more.
    await context.queryClient.ensureQueryData(contentQueries.admin())
    return { title: m.admin_content_edit_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: EditContentPage,
})

function EditContentPage() {
  const { slug } = Route.useParams()
  const { data: pages } = useSuspenseQuery(contentQueries.admin())
  const page = pages.find((p) => p.slug === slug)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <Link to="/admin/content" className="text-sm font-medium text-brand-800 hover:underline">
        {m.admin_content_back()}
      </Link>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.admin_content_edit_heading({ title: page?.title ?? slug })}
      </h1>
      {page ? <PageEditor key={page.updated_at} page={page} /> : <p>{m.admin_content_missing()}</p>}
    </section>
  )
}
