import { createFileRoute } from '@tanstack/react-router'
import { GuidesPage } from '~/features/content/components/guides-page'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'

export const Route = createFileRoute('/_default/guides')({
  loader: async ({ context }) => {
    const [page] = await Promise.all([
      context.queryClient.ensureQueryData(contentQueries.page('guides')),
      context.queryClient.ensureQueryData(contentQueries.guides()),
    ])
    return { title: page.title, description: page.description }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title, loaderData?.description),
  component: GuidesPage,
})
