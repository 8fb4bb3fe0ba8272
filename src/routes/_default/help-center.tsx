import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import * as v from 'valibot'
import { HelpCenterPage } from '~/features/content/components/help-center-page'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'

export const Route = createFileRoute('/_default/help-center')({
  // No default: an empty search stays out of the URL (/help-center, not a 307 to /help-center?q=).
  validateSearch: v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(100))) }),
  loaderDeps: ({ search }) => ({ q: (search.q ?? '').trim() }),
  loader: async ({ context, deps }) => {
    const [page] = await Promise.all([
      context.queryClient.ensureQueryData(contentQueries.page('help-center')),
      deps.q.length > 1 ? context.queryClient.ensureQueryData(contentQueries.search(deps.q)) : null,
    ])
    return { title: page.title, description: page.description }
  },
  head: ({ loaderData }) =>
    pageHead(loaderData?.title ?? m.content_help_center_title(), loaderData?.description),
  component: HelpCenterRoute,
})

function HelpCenterRoute() {
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <HelpCenterPage
      key={q ?? ''}
      query={q ?? ''}
      onSearch={(next) => void navigate({ search: { q: next || undefined } })}
    />
  )
}
