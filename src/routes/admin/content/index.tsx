import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { formatTehranDayLong } from '~/lib/tehran-time'

export const Route = createFileRoute('/admin/content/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(contentQueries.admin())
    return { title: m.admin_content_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminContentPage,
})

function AdminContentPage() {
  const { data: pages } = useSuspenseQuery(contentQueries.admin())
  const groups = [
    { title: m.admin_content_pages(), items: pages.filter((p) => p.kind === 'page') },
    { title: m.admin_content_guides_buyers(), items: pages.filter((p) => p.audience === 'buyers') },
    { title: m.admin_content_guides_sellers(), items: pages.filter((p) => p.audience === 'sellers') },
  ]
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.admin_content_title()}
        </h1>
        <Link to="/admin/content/questions" className="text-sm font-medium text-brand-800 hover:underline">
          {m.admin_content_faq_link()}
        </Link>
      </div>
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title} className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-ink">{group.title}</h2>
          <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
            {group.items.map((page) => (
              <li key={page.slug}>
                <Link
                  to="/admin/content/$slug"
                  params={{ slug: page.slug }}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-stone-50"
                >
                  <span className="font-medium text-ink">{page.title}</span>
                  <span className="text-xs text-stone-600">
                    {m.admin_content_updated({ day: formatTehranDayLong(page.updated_at) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}
