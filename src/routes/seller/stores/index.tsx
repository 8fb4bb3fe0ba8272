import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PlanLimitGate } from '~/features/plans/components/plan-limit-gate'
import { StoreList } from '~/features/stores/components/store-pages'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { storeQueries } from '~/features/stores'
import { pageHead } from '~/features/shell'
import { buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'
import { ListPage } from '~/ui/list-page'

export const Route = createFileRoute('/seller/stores/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(storeQueries.list())
    return { title: m.inventory_stores_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerStoresPage,
})

function SellerStoresPage() {
  const { data: stores } = useSuspenseQuery(storeQueries.list())
  const isOwner = useIsStoreOwner()
  return (
    <ListPage
      title={m.inventory_stores_title()}
      spacing="roomy"
      actions={
        isOwner && stores.length > 0 ? (
          <PlanLimitGate kind="stores" label={m.inventory_store_new()}>
            <Link to="/seller/stores/create" className={buttonClasses()}>
              {m.inventory_store_new()}
            </Link>
          </PlanLimitGate>
        ) : null
      }
    >
      <StoreList stores={stores} canEdit={isOwner} />
    </ListPage>
  )
}
