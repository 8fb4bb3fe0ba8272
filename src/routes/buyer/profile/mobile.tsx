import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/profile/mobile')({
  head: () => pageHead('Mobile Number'),
  component: BuyerProfileMobilePage,
})

function BuyerProfileMobilePage() {
  return <PlaceholderPage title="Mobile Number" owner="identity" />
}
