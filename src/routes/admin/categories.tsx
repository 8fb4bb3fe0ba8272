import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { catalogAdminQueries } from '~/features/catalog-admin'
import { CategoryTree } from '~/features/catalog-admin/components/categories-admin'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { ListPage } from '~/ui/list-page'

export const Route = createFileRoute('/admin/categories')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(catalogAdminQueries.categories())
    return { title: m.admin_categories_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: CategoriesPage,
})

function CategoriesPage() {
  const { data } = useSuspenseQuery(catalogAdminQueries.categories())
  return (
    <ListPage
      title={m.admin_categories_title()}
      count={m.admin_categories_count({ count: data.length, countText: formatNumber(data.length) })}
    >
      <p className="text-sm text-stone-700">{m.admin_categories_intro()}</p>
      <CategoryTree categories={data} />
    </ListPage>
  )
}
