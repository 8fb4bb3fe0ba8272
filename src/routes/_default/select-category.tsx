import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { absoluteUrl, seoHead } from '~/features/catalog/catalog-seo'
import { catalogQueries } from '~/features/catalog/catalog.queries'
import { CategoryTree } from '~/features/catalog/components/category-tree'

/** The category chooser (spec: "/category, /select-category: Category"). */
export const Route = createFileRoute('/_default/select-category')({
  loader: async ({ context }) => {
    const [, { siteUrl }] = await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.categoryTree()),
      context.queryClient.ensureQueryData(catalogQueries.site()),
    ])
    return {
      seo: {
        title: 'Choose a Category',
        description: 'Pick a category to see its products, prices and stores.',
        // The same content as /category: that is the address search engines should keep.
        url: absoluteUrl(siteUrl, '/category'),
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: SelectCategoryPage,
})

function SelectCategoryPage() {
  const { data: categories } = useSuspenseQuery(catalogQueries.categoryTree())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Choose a Category
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          Pick where to start; filters on the next page narrow it down.
        </p>
      </div>
      <CategoryTree categories={categories} />
    </section>
  )
}
