import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/faq')({
  head: () => pageHead('Frequently Asked Questions'),
  component: DefaultFaqPage,
})

function DefaultFaqPage() {
  return <PlaceholderPage title="Frequently Asked Questions" owner="content" />
}
