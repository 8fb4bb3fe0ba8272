import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/magazines/$magazineId/products')({
  head: () => pageHead('Magazine Products'),
  component: SellerMagazinesMagazineidProductsPage,
})

function SellerMagazinesMagazineidProductsPage() {
  const { magazineId } = Route.useParams()
  return (
    <PlaceholderPage title="Magazine Products" owner="later">
      <p className="text-sm text-stone-600">Reference: {magazineId}</p>
    </PlaceholderPage>
  )
}
