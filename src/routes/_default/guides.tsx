import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/guides')({
  head: () => pageHead('Guides'),
  component: DefaultGuidesPage,
})

function DefaultGuidesPage() {
  return <PlaceholderPage title="Guides" owner="content" />
}
