import { createFileRoute } from '@tanstack/react-router'
import { ContentPageView } from '~/features/content/components/content-page'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'

export const Route = createFileRoute('/_default/privacy-policy')({
  loader: async ({ context }) => {
    const page = await context.queryClient.ensureQueryData(contentQueries.page('privacy-policy'))
    // Only what <head> needs; the page itself reads the query cache.
    return { title: page.title, description: page.description }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title, loaderData?.description),
  component: PrivacyPolicyPage,
})

function PrivacyPolicyPage() {
  return <ContentPageView slug="privacy-policy" />
}
