import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { addressQueries } from '~/features/addresses'
import { AddressForm } from '~/features/addresses/components/address-form'
import { DefaultBadge } from '~/features/addresses/components/address-list'
import { DeleteAddressDialog } from '~/features/addresses/components/delete-address-dialog'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/profile/address/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(addressQueries.detail(Number(params.id)))
    return { title: m.account_edit_address() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerProfileAddressIdPage,
})

function BuyerProfileAddressIdPage() {
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const { data: address } = useSuspenseQuery(addressQueries.detail(Number(id)))
  const backToList = () => navigate({ to: '/buyer/profile/address' })
  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Link to="/buyer/profile/address" className="text-sm font-medium text-brand-800 hover:underline">
          {m.account_back_addresses()}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1
            id="page-title"
            className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl"
          >
            {m.account_edit_address()} {address.is_default ? <DefaultBadge /> : null}
          </h1>
          <DeleteAddressDialog address={address} onDeleted={backToList} />
        </div>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        {/* Keyed by the saved version: a save re-seeds the form from what the server now holds. */}
        <AddressForm
          key={`${address.id}-${address.is_default}`}
          address={address}
          onCancel={() => void backToList()}
          onSaved={backToList}
        />
      </div>
    </section>
  )
}
