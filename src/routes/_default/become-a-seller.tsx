import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/become-a-seller')({
  head: () => pageHead('Become a Seller'),
  component: DefaultBecomeASellerPage,
})

function DefaultBecomeASellerPage() {
  return <PlaceholderPage title="Become a Seller" owner="identity" />
}
