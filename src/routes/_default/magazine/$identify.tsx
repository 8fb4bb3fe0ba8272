import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/magazine/$identify')({
  head: () => pageHead('Magazine Preview'),
  component: DefaultMagazineIdentifyPage,
})

function DefaultMagazineIdentifyPage() {
  const { identify } = Route.useParams()
  return (
    <PlaceholderPage title="Magazine Preview" owner="later">
      <p className="text-sm text-stone-600">Reference: {identify}</p>
    </PlaceholderPage>
  )
}
