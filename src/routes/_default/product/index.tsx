import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'
import { productSearchSchema } from '~/features/catalog/catalog.schemas'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

export const Route = createFileRoute('/_default/product/')({
  validateSearch: productSearchSchema,
  // Spec §5/§8: invalid query parameters make this a 404 'Page Not Found: /product'.
  onError: notFoundOnInvalidSearch,
  head: () => pageHead('Products'),
  component: ProductsPage,
})

function ProductsPage() {
  const { q } = Route.useSearch()
  return <PlaceholderPage title={q ? `Products matching “${q}”` : 'All Products'} owner="catalogue" />
}
