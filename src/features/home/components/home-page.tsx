import { constants } from '#app-config'
import type { CategoryNode, ProductCard as ProductCardData } from '~/features/catalog/catalog.schemas'
import { ProductCard } from '~/features/catalog/components/product-card'

export function HomePage({ categories, products }: { categories: CategoryNode[]; products: ProductCardData[] }) {
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-50 to-brand-100 px-6 py-10 sm:px-10">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          Buy in bulk, straight from the seller
        </h1>
        <p className="mt-3 max-w-2xl text-stone-700">
          {constants.brand.name} is the wholesale marketplace for shops, offices and restaurants: tiered prices
          that fall as your order grows, minimum quantities you can see up front, and one checkout per seller.
        </p>
      </section>

      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="mb-4 text-xl font-semibold">
          Shop by category
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map((category) => (
            <li key={category.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <p className="font-medium text-stone-900">{category.name}</p>
              <p className="mt-1 text-xs text-stone-500">
                {category.children.length} {category.children.length === 1 ? 'subcategory' : 'subcategories'}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-new">
        <h2 id="home-new" className="mb-4 text-xl font-semibold">
          New in the catalogue
        </h2>
        {products.length === 0 ? (
          <p className="text-stone-600">No products are on sale yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {products.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
