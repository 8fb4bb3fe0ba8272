import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/invoices/$id')({
  head: () => pageHead('Invoice'),
  component: BuyerInvoicesIdPage,
})

function BuyerInvoicesIdPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage title="Invoice" owner="orders">
      <p className="text-sm text-stone-600">Reference: {id}</p>
    </PlaceholderPage>
  )
}
