import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { DeleteStore } from '~/features/stores/components/delete-store'
import { OwnerOnlyNote } from '~/features/stores/components/owner-only-note'
import { StoreForm } from '~/features/stores/components/store-form'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { storeQueries } from '~/features/stores'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'
import { nameInLocale } from '~/lib/i18n'

export const Route = createFileRoute('/seller/stores/$storeId/edit')({
  params: { parse: ({ storeId }) => ({ storeId: parseIdParam({ id: storeId }).id }) },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(storeQueries.detail(Number(params.storeId)))
    return { title: m.inventory_store_edit_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: EditStorePage,
})

function EditStorePage() {
  const { storeId } = Route.useParams()
  const { data: store } = useSuspenseQuery(storeQueries.detail(Number(storeId)))
  const owner = useIsStoreOwner()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/stores/$storeId/show"
          params={{ storeId }}
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_back_to_name({ name: nameInLocale(store) })}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.inventory_store_edit_title()}
        </h1>
      </div>
      {owner ? (
        <StoreForm
          storeId={store.id}
          slugLocked={store.hasOrders}
          currentLogo={store.logo}
          initial={{
            name: store.name,
            nameFa: store.nameFa ?? '',
            slug: store.slug,
            description: store.description,
            city: store.city,
            pickupAddress: store.pickupAddress,
            pickupHours: store.pickupHours,
            status: store.status,
          }}
        />
      ) : (
        <OwnerOnlyNote what="change" storeId={store.id} />
      )}
      {owner ? <DeleteStore storeId={store.id} storeName={nameInLocale(store)} /> : null}
    </section>
  )
}
