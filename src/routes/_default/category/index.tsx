import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { seoHead } from '~/features/catalog'
import { CategoriesPage, loadCategoriesPage } from '~/features/catalog/components/categories-page'

export const Route = createFileRoute('/_default/category/')({
  loader: ({ context }) =>
    loadCategoriesPage(context.queryClient, {
      title: m.content_categories_title(),
      description: m.content_categories_description(),
    }),
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: () => <CategoriesPage title={m.content_categories_title()} />,
})
