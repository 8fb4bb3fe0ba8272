import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/profile/profile')({
  head: () => pageHead('Personal Details'),
  component: BuyerProfileProfilePage,
})

function BuyerProfileProfilePage() {
  return <PlaceholderPage title="Personal Details" owner="identity" />
}
