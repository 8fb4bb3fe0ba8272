import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { AddressList } from '~/features/addresses/components/address-list'
import { MAX_ADDRESSES, addressQueries } from '~/features/addresses'
import { pageHead } from '~/features/shell'
import { Button } from '~/ui/button'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

export const Route = createFileRoute('/buyer/profile/address/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(addressQueries.mine())
    return { title: m.account_your_addresses() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerProfileAddressPage,
})

function BuyerProfileAddressPage() {
  const { data: addresses } = useSuspenseQuery(addressQueries.mine())
  const full = addresses.length >= MAX_ADDRESSES
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {m.account_your_addresses()}
          </h1>
          <p className="text-sm text-stone-600">
            {full
              ? m.account_addresses_full({ count: formatNumber(MAX_ADDRESSES) })
              : m.account_addresses_intro()}
          </p>
        </div>
        {addresses.length && !full ? (
          <Button asChild>
            <Link to="/buyer/profile/address/create">{m.account_add_address()}</Link>
          </Button>
        ) : null}
      </div>
      <AddressList addresses={addresses} />
    </section>
  )
}
