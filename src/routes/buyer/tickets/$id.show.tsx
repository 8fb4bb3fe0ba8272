import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/tickets/$id/show')({
  head: () => pageHead('Ticket'),
  component: BuyerTicketsIdShowPage,
})

function BuyerTicketsIdShowPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage title="Ticket" owner="content">
      <p className="text-sm text-stone-600">Reference: {id}</p>
    </PlaceholderPage>
  )
}
