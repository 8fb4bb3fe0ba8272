import { createFileRoute, Link } from '@tanstack/react-router'
import { OwnerOnlyNote } from '~/features/stores/components/owner-only-note'
import { StoreForm } from '~/features/stores/components/store-form'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/seller/stores/create')({
  loader: () => ({ title: m.inventory_store_new_title() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: CreateStorePage,
})

function CreateStorePage() {
  const owner = useIsStoreOwner()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/stores"
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_back_to_stores()}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.inventory_store_new_title()}
        </h1>
      </div>
      {owner ? <StoreForm /> : <OwnerOnlyNote what="open" />}
    </section>
  )
}
