import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/profile')({
  head: () => pageHead('Edit Profile'),
  component: SellerProfilePage,
})

function SellerProfilePage() {
  return <PlaceholderPage title="Edit Profile" owner="identity" />
}
