import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/subscription')({
  head: () => pageHead('Seller Subscription'),
  component: DefaultSubscriptionPage,
})

function DefaultSubscriptionPage() {
  return <PlaceholderPage title="Seller Subscription" owner="later" />
}
