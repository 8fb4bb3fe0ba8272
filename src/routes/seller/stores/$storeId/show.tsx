import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { StoreOverview } from '~/features/stores/components/store-pages'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { storeQueries } from '~/features/stores'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'
import { nameInLocale } from '~/lib/i18n'

export const Route = createFileRoute('/seller/stores/$storeId/show')({
  params: { parse: ({ storeId }) => ({ storeId: parseIdParam({ id: storeId }).id }) },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(storeQueries.detail(Number(params.storeId)))
    return { title: m.inventory_store_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: StoreShowPage,
})

function StoreShowPage() {
  const { storeId } = Route.useParams()
  const { data: store } = useSuspenseQuery(storeQueries.detail(Number(storeId)))
  const isOwner = useIsStoreOwner()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/stores"
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_back_to_stores()}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            {store.logo ? (
              <img
                src={store.logo}
                alt={m.inventory_store_logo_alt({ name: nameInLocale(store) })}
                className="size-12 rounded-xl border border-stone-200 object-cover"
              />
            ) : null}
            <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {nameInLocale(store)}
            </h1>
          </div>
          {isOwner ? (
            <Link
              to="/seller/stores/$storeId/edit"
              params={{ storeId }}
              className={buttonClasses('secondary')}
            >
              {m.inventory_store_edit_button()}
            </Link>
          ) : null}
        </div>
      </div>
      <StoreOverview store={store} />
    </section>
  )
}
