import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchPlusOverview, fetchPlusPrice, fetchPlusPurchase } from './plus.functions'

export const plusQueries = {
  all: ['plus'] as const,
  overview: () =>
    queryOptions({
      queryKey: [...plusQueries.all, 'overview'] as const,
      queryFn: () => fetchPlusOverview(),
      meta: userScoped,
    }),
  /** /admin/plans: the price as the admin set it. */
  adminPrice: () =>
    queryOptions({
      queryKey: [...plusQueries.all, 'admin-price'] as const,
      queryFn: () => fetchPlusPrice(),
      meta: userScoped,
    }),
  purchase: (membershipNumber: string) =>
    queryOptions({
      queryKey: [...plusQueries.all, 'purchase', membershipNumber] as const,
      queryFn: () => fetchPlusPurchase({ data: { membershipNumber } }),
      meta: userScoped,
    }),
}
