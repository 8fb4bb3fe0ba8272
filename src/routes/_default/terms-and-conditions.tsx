import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/terms-and-conditions')({
  head: () => pageHead('Terms and Conditions'),
  component: DefaultTermsAndConditionsPage,
})

function DefaultTermsAndConditionsPage() {
  return <PlaceholderPage title="Terms and Conditions" owner="content" />
}
