import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/help-center')({
  head: () => pageHead('Help Center'),
  component: DefaultHelpCenterPage,
})

function DefaultHelpCenterPage() {
  return <PlaceholderPage title="Help Center" owner="content" />
}
