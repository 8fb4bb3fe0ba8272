import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/category/$slug')({
  head: () => pageHead('Category'),
  component: DefaultCategorySlugPage,
})

function DefaultCategorySlugPage() {
  const { slug } = Route.useParams()
  return (
    <PlaceholderPage title="Category" owner="catalogue">
      <p className="text-sm text-stone-600">Reference: {slug}</p>
    </PlaceholderPage>
  )
}
