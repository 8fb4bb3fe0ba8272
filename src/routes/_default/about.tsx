import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/about')({
  head: () => pageHead('About Us'),
  component: DefaultAboutPage,
})

function DefaultAboutPage() {
  return <PlaceholderPage title="About Us" owner="content" />
}
