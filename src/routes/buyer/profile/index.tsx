import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/profile/')({
  head: () => pageHead('Edit Profile'),
  component: BuyerProfilePage,
})

function BuyerProfilePage() {
  return <PlaceholderPage title="Edit Profile" owner="identity" />
}
