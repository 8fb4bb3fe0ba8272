import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchPayoutBatch, fetchPayoutBatches, listMyPayoutsFn } from './payouts.functions'

export const payoutQueries = {
  all: ['payouts'] as const,
  /** /admin/finance/payouts: the batches. */
  batches: () =>
    queryOptions({
      queryKey: [...payoutQueries.all, 'batches'] as const,
      queryFn: () => fetchPayoutBatches(),
      meta: userScoped,
    }),
  batch: (payoutBatchId: number) =>
    queryOptions({
      queryKey: [...payoutQueries.all, 'batch', payoutBatchId] as const,
      queryFn: () => fetchPayoutBatch({ data: { payoutBatchId } }),
      meta: userScoped,
    }),
  /** The signed-in seller's payouts (first page). */
  mine: () =>
    queryOptions({
      queryKey: [...payoutQueries.all, 'mine'] as const,
      queryFn: () => listMyPayoutsFn({ data: {} }),
      meta: userScoped,
    }),
}
