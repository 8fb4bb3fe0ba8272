import { createFileRoute } from '@tanstack/react-router'
import { payoutQueries } from '~/features/payouts'
import { AdminPayoutBatches } from '~/features/payouts/components/admin-payout-batches'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/finance_/payouts/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(payoutQueries.batches())
    return { title: m.payouts_admin_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminPayoutBatches,
})
