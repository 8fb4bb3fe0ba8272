import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { seoHead } from '~/features/catalog'
import { CategoriesPage, loadCategoriesPage } from '~/features/catalog/components/categories-page'

/** The category chooser (spec: "/category, /select-category: Category"). */
export const Route = createFileRoute('/_default/select-category')({
  loader: ({ context }) =>
    loadCategoriesPage(context.queryClient, {
      title: m.content_select_category_title(),
      description: m.content_select_category_description(),
    }),
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: () => (
    <CategoriesPage title={m.content_select_category_title()} intro={m.content_select_category_intro()} />
  ),
})
