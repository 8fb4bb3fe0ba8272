import { createFileRoute } from '@tanstack/react-router'
import { seoHead } from '~/features/catalog/catalog-seo'
import { CategoriesPage, loadCategoriesPage } from '~/features/catalog/components/categories-page'

/** The category chooser (spec: "/category, /select-category: Category"). */
export const Route = createFileRoute('/_default/select-category')({
  loader: ({ context }) =>
    loadCategoriesPage(context.queryClient, {
      title: 'Choose a Category',
      description: 'Pick a category to see its products, prices and stores.',
    }),
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: () => (
    <CategoriesPage
      title="Choose a Category"
      intro="Pick where to start; filters on the next page narrow it down."
    />
  ),
})
