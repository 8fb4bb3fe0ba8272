import { createFileRoute } from '@tanstack/react-router'
import { seoHead } from '~/features/catalog/catalog-seo'
import { CategoriesPage, loadCategoriesPage } from '~/features/catalog/components/categories-page'

export const Route = createFileRoute('/_default/category/')({
  loader: ({ context }) =>
    loadCategoriesPage(context.queryClient, {
      title: 'Categories',
      description: 'Every wholesale category on the marketplace, with how many products each one lists.',
    }),
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: () => <CategoriesPage title="Categories" />,
})
