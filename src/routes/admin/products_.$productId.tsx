import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { catalogAdminQueries } from '~/features/catalog-admin'
import {
  AdminProductEditForm,
  AdminProductSummary,
} from '~/features/catalog-admin/components/admin-product-edit'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { invalidParam } from '~/lib/route-errors'

export const Route = createFileRoute('/admin/products_/$productId')({
  params: {
    parse: ({ productId }: { productId: string }) =>
      /^\d{1,9}$/.test(productId) && Number(productId) > 0 ? { productId } : invalidParam(),
  },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(catalogAdminQueries.product(Number(params.productId)))
    return { title: m.admin_product_edit_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminProductPage,
})

function AdminProductPage() {
  const { productId } = Route.useParams()
  const { data } = useSuspenseQuery(catalogAdminQueries.product(Number(productId)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div>
        <Link to="/admin/products" className="text-sm font-medium text-brand-800 hover:underline">
          {m.admin_product_back()}
        </Link>
        <h1
          id="page-title"
          className="mt-1 text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl"
        >
          {m.admin_product_edit_heading({ name: data.name })}
        </h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <AdminProductEditForm key={`${data.id}-${data.history.length}`} product={data} />
        <AdminProductSummary product={data} />
      </div>
    </section>
  )
}
