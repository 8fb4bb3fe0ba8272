import { createFileRoute } from '@tanstack/react-router'
import { payoutQueries } from '~/features/payouts'
import { AdminPayoutBatch } from '~/features/payouts/components/admin-payout-batch'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { parseIdParam } from '~/lib/route-errors'

export const Route = createFileRoute('/admin/finance_/payouts/$payoutBatchId')({
  params: {
    parse: ({ payoutBatchId }) => ({ payoutBatchId: parseIdParam({ id: payoutBatchId }).id }),
  },
  loader: async ({ context, params }) => {
    const { batch } = await context.queryClient.ensureQueryData(
      payoutQueries.batch(Number(params.payoutBatchId)),
    )
    return { title: m.payouts_batch_title({ period: batch.period }) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminPayoutBatchPage,
})

function AdminPayoutBatchPage() {
  const { payoutBatchId } = Route.useParams()
  return <AdminPayoutBatch payoutBatchId={Number(payoutBatchId)} />
}
