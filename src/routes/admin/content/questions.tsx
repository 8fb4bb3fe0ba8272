import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { FaqEntryForm } from '~/features/content/components/faq-editor'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/content/questions')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(contentQueries.adminFaq())
    return { title: m.admin_faq_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminFaqPage,
})

function AdminFaqPage() {
  const { data: entries } = useSuspenseQuery(contentQueries.adminFaq())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <Link to="/admin/content" className="text-sm font-medium text-brand-800 hover:underline">
        {m.admin_content_back()}
      </Link>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.admin_faq_title()}
      </h1>
      <details className="rounded-2xl border border-stone-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold text-ink">{m.admin_faq_add()}</summary>
        <div className="mt-4">
          <FaqEntryForm />
        </div>
      </details>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={`${entry.id}:${entry.updated_at}`}>
            <details className="rounded-2xl border border-stone-200 bg-white p-4">
              <summary className="cursor-pointer">
                <span className="font-medium text-ink">{entry.question}</span>
                <span className="ms-2 text-xs text-stone-600">{entry.group}</span>
              </summary>
              <div className="mt-4">
                <FaqEntryForm entry={entry} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  )
}
