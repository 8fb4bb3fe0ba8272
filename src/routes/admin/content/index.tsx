import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { contentQueries } from '~/features/content/content.queries'
import { pageHead } from '~/features/shell/page-head'
import { formatTehranDayLong } from '~/lib/tehran-time'

export const Route = createFileRoute('/admin/content/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(contentQueries.admin())
  },
  head: () => pageHead('Help content'),
  component: AdminContentPage,
})

function AdminContentPage() {
  const { data: pages } = useSuspenseQuery(contentQueries.admin())
  const groups = [
    { title: 'Pages', items: pages.filter((p) => p.kind === 'page') },
    { title: 'Guides for buyers', items: pages.filter((p) => p.audience === 'buyers') },
    { title: 'Guides for sellers', items: pages.filter((p) => p.audience === 'sellers') },
  ]
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Help content
        </h1>
        <Link to="/admin/content/questions" className="text-sm font-medium text-brand-800 hover:underline">
          Edit the FAQ questions →
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
                    Updated {formatTehranDayLong(page.updated_at)}
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
