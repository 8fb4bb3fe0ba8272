import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { catalogAdminQueries } from '~/features/catalog-admin/catalog-admin.queries'
import { CategoryTree } from '~/features/catalog-admin/components/categories-admin'
import { pageHead } from '~/features/shell/page-head'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

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
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.admin_categories_title()}
        </h1>
        <p className="text-sm text-stone-600" role="status">
          {m.admin_categories_count({ count: data.length, countText: formatNumber(data.length) })}
        </p>
      </div>
      <p className="text-sm text-stone-700">{m.admin_categories_intro()}</p>
      <CategoryTree categories={data} />
    </section>
  )
}
