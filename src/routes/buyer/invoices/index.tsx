import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/buyer/invoices/')({
  head: () => pageHead('Your Invoices'),
  component: BuyerInvoicesPage,
})

function BuyerInvoicesPage() {
  return <PlaceholderPage title="Your Invoices" owner="orders" />
}
