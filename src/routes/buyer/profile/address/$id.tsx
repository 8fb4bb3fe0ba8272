import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/profile/address/$id')({
  head: () => pageHead('Edit Address'),
  component: BuyerProfileAddressIdPage,
})

function BuyerProfileAddressIdPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage title="Edit Address" owner="later">
      <p className="text-sm text-stone-600">Reference: {id}</p>
    </PlaceholderPage>
  )
}
