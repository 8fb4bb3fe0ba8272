import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/profile/address/')({
  head: () => pageHead('Your Addresses'),
  component: BuyerProfileAddressPage,
})

function BuyerProfileAddressPage() {
  return <PlaceholderPage title="Your Addresses" owner="later" />
}
