import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_default/product/$slug')({
  component: ProductPage,
})

/** Placeholder: the product page (gallery, offers, tiers) is built by the catalogue issue (#5). */
function ProductPage() {
  const { slug } = Route.useParams()
  return (
    <section>
      <h1 className="text-2xl font-semibold">Product</h1>
      <p className="mt-2 text-stone-600">The page for “{slug}” arrives with the catalogue work (issue #5).</p>
    </section>
  )
}
