import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/')({
  head: () => pageHead('Dashboard'),
  component: BuyerPage,
})

function BuyerPage() {
  return <PlaceholderPage title="Dashboard" owner="orders" />
}
