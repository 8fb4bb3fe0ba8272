import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/select-category')({
  head: () => pageHead('Choose a Category'),
  component: DefaultSelectCategoryPage,
})

function DefaultSelectCategoryPage() {
  return <PlaceholderPage title="Choose a Category" owner="catalogue" />
}
