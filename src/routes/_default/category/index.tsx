import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/category/')({
  head: () => pageHead('Categories'),
  component: DefaultCategoryPage,
})

function DefaultCategoryPage() {
  return <PlaceholderPage title="Categories" owner="catalogue" />
}
