import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { absoluteUrl, seoHead } from '~/features/catalog/catalog-seo'
import { catalogQueries } from '~/features/catalog/catalog.queries'
import { CategoryTree } from '~/features/catalog/components/category-tree'

export const Route = createFileRoute('/_default/category/')({
  loader: async ({ context }) => {
    const [, { siteUrl }] = await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.categoryTree()),
      context.queryClient.ensureQueryData(catalogQueries.site()),
    ])
    return {
      seo: {
        title: 'Categories',
        description: 'Every wholesale category on the marketplace, with how many products each one lists.',
        url: absoluteUrl(siteUrl, '/category'),
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: CategoriesPage,
})

function CategoriesPage() {
  const { data: categories } = useSuspenseQuery(catalogQueries.categoryTree())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Categories
      </h1>
      <CategoryTree categories={categories} />
    </section>
  )
}
