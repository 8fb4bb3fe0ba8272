import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { AddressForm } from '~/features/addresses/components/address-form'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/profile/address/create')({
  loader: () => ({ title: m.account_new_address() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerProfileAddressCreatePage,
})

function BuyerProfileAddressCreatePage() {
  const navigate = useNavigate()
  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Link to="/buyer/profile/address" className="text-sm font-medium text-brand-800 hover:underline">
          {m.account_back_addresses()}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.account_new_address()}
        </h1>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <AddressForm
          autoFocus
          onCancel={() => void navigate({ to: '/buyer/profile/address' })}
          onSaved={() => navigate({ to: '/buyer/profile/address' })}
        />
      </div>
    </section>
  )
}
