import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PlanLimitGate } from '~/features/plans/components/plan-limit-gate'
import { StoreList } from '~/features/stores/components/store-pages'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { storeQueries } from '~/features/stores/stores.queries'
import { pageHead } from '~/features/shell/page-head'
import { buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'

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
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.inventory_stores_title()}
        </h1>
        {isOwner && stores.length > 0 ? (
          <PlanLimitGate kind="stores" label={m.inventory_store_new()}>
            <Link to="/seller/stores/create" className={buttonClasses()}>
              {m.inventory_store_new()}
            </Link>
          </PlanLimitGate>
        ) : null}
      </div>
      <StoreList stores={stores} canEdit={isOwner} />
    </section>
  )
}
