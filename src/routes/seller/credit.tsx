import { createFileRoute } from '@tanstack/react-router'
import { SellerCredit } from '~/features/credit/components/seller-credit'
import { creditQueries } from '~/features/credit'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

/** /seller/credit (issue #39): applications to decide, receivables per buyer with aging. */
export const Route = createFileRoute('/seller/credit')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(creditQueries.seller())
    return { title: m.credit_seller_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerCredit,
})
