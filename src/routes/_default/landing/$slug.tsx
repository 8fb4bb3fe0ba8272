import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/landing/$slug')({
  head: () => pageHead('Landing Page'),
  component: DefaultLandingSlugPage,
})

function DefaultLandingSlugPage() {
  const { slug } = Route.useParams()
  return (
    <PlaceholderPage title="Landing Page" owner="catalogue">
      <p className="text-sm text-stone-600">Reference: {slug}</p>
    </PlaceholderPage>
  )
}
