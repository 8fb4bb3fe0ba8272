import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/product/$slug')({
  head: () => pageHead('Product'),
  component: ProductPage,
})

/** Placeholder: the product page (gallery, offers, tiers) is built by the catalogue issue (#5). */
function ProductPage() {
  const { slug } = Route.useParams()
  return (
    <PlaceholderPage title="Product" owner="catalogue">
      <p className="text-sm text-stone-600">Reference: {slug}</p>
    </PlaceholderPage>
  )
}
