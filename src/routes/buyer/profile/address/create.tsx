import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/profile/address/create')({
  head: () => pageHead('New Address'),
  component: BuyerProfileAddressCreatePage,
})

function BuyerProfileAddressCreatePage() {
  return <PlaceholderPage title="New Address" owner="later" />
}
