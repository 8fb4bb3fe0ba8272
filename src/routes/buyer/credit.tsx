import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { BuyerCredit } from '~/features/credit/components/buyer-credit'
import { creditQueries } from '~/features/credit'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

/** /buyer/credit (issue #39): terms per seller, unpaid invoices, applying (?seller=<id> from a store page). */
export const Route = createFileRoute('/buyer/credit')({
  validateSearch: v.object({
    seller: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
  }),
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(creditQueries.buyer(deps.seller))
    return { title: m.credit_buyer_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerCreditPage,
})

function BuyerCreditPage() {
  const search = Route.useSearch()
  return <BuyerCredit sellerId={search.seller} />
}
