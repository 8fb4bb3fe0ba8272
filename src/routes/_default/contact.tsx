import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/contact')({
  head: () => pageHead('Contact Us'),
  component: DefaultContactPage,
})

function DefaultContactPage() {
  return <PlaceholderPage title="Contact Us" owner="content" />
}
