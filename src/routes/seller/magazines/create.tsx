import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/magazines/create')({
  head: () => pageHead('New Magazine'),
  component: SellerMagazinesCreatePage,
})

function SellerMagazinesCreatePage() {
  return <PlaceholderPage title="New Magazine" owner="later" />
}
