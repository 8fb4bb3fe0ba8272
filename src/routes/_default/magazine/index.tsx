import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/magazine/')({
  head: () => pageHead('Magazines'),
  component: DefaultMagazinePage,
})

function DefaultMagazinePage() {
  return <PlaceholderPage title="Magazines" owner="later" />
}
