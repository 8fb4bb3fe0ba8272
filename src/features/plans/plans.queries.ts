import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import {
  fetchAdminPlans,
  fetchPlans,
  fetchPurchaseResult,
  fetchSubscriptionOverview,
} from './plans.functions'

export const planQueries = {
  all: ['plans'] as const,
  list: () =>
    queryOptions({
      queryKey: [...planQueries.all, 'list'] as const,
      queryFn: () => fetchPlans(),
    }),
  /** The signed-in seller's plan and usage (the same numbers the server's limits use). */
  overview: () =>
    queryOptions({
      queryKey: [...planQueries.all, 'overview'] as const,
      queryFn: () => fetchSubscriptionOverview(),
      meta: userScoped,
    }),
  /** /admin/plans: retired plans too, with their sellers. */
  admin: () =>
    queryOptions({
      queryKey: [...planQueries.all, 'admin'] as const,
      queryFn: () => fetchAdminPlans(),
      meta: userScoped,
    }),
  purchase: (purchaseNumber: string) =>
    queryOptions({
      queryKey: [...planQueries.all, 'purchase', purchaseNumber] as const,
      queryFn: () => fetchPurchaseResult({ data: { purchaseNumber } }),
      meta: userScoped,
    }),
}
