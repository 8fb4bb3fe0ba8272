import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/tickets/')({
  head: () => pageHead('Your Tickets'),
  component: BuyerTicketsPage,
})

function BuyerTicketsPage() {
  return <PlaceholderPage title="Your Tickets" owner="content" />
}
