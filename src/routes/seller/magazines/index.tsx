import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/seller/magazines/')({
  head: () => pageHead('Your Magazines'),
  component: SellerMagazinesPage,
})

function SellerMagazinesPage() {
  return <PlaceholderPage title="Your Magazines" owner="later" />
}
