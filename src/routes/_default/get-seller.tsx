import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/get-seller')({
  head: () => pageHead('Become a Seller'),
  component: DefaultGetSellerPage,
})

function DefaultGetSellerPage() {
  return <PlaceholderPage title="Become a Seller" owner="identity" />
}
