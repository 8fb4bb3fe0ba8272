import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { AddProducts } from '~/features/stores/components/add-products'
import { productAuthoringQueries, storeQueries } from '~/features/stores'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'
import { nameInLocale } from '~/lib/i18n'

export const Route = createFileRoute('/seller/stores/$storeId/products/add')({
  params: { parse: ({ storeId }) => ({ storeId: parseIdParam({ id: storeId }).id }) },
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(storeQueries.detail(Number(params.storeId))),
      context.queryClient.ensureQueryData(productAuthoringQueries.choices()),
    ])
    return { title: m.inventory_add_products_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AddProductsPage,
})

function AddProductsPage() {
  const { storeId } = Route.useParams()
  const { data: store } = useSuspenseQuery(storeQueries.detail(Number(storeId)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/stores/$storeId/products"
          params={{ storeId }}
          search={{}}
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_back_to_store_products({ name: nameInLocale(store) })}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.inventory_add_products_title()}
        </h1>
      </div>
      <AddProducts storeId={store.id} />
    </section>
  )
}
