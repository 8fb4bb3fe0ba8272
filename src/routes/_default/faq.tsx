import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { FaqPage } from '~/features/content/components/faq-page'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'

export const Route = createFileRoute('/_default/faq')({
  // No default: an empty search stays out of the URL (/faq, not /faq?q=).
  validateSearch: v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(100))) }),
  loader: async ({ context }) => {
    const [page] = await Promise.all([
      context.queryClient.ensureQueryData(contentQueries.page('faq')),
      context.queryClient.ensureQueryData(contentQueries.faq()),
    ])
    return { title: page.title, description: page.description }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title, loaderData?.description),
  component: FaqRoute,
})

function FaqRoute() {
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <FaqPage
      query={q ?? ''}
      onQueryChange={(next) =>
        void navigate({ search: { q: next || undefined }, replace: true, resetScroll: false })
      }
    />
  )
}
