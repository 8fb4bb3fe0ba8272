import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/magazines/$magazineId/edit')({
  head: () => pageHead('Edit Magazine'),
  component: SellerMagazinesMagazineidEditPage,
})

function SellerMagazinesMagazineidEditPage() {
  const { magazineId } = Route.useParams()
  return (
    <PlaceholderPage title="Edit Magazine" owner="later">
      <p className="text-sm text-stone-600">Reference: {magazineId}</p>
    </PlaceholderPage>
  )
}
