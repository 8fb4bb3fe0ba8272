import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/tickets/create')({
  head: () => pageHead('New Ticket'),
  component: BuyerTicketsCreatePage,
})

function BuyerTicketsCreatePage() {
  return <PlaceholderPage title="New Ticket" owner="content" />
}
