import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/session/session.queries'
import { fetchPlusOverview, fetchPlusPurchase } from './plus.functions'

export const plusQueries = {
  all: ['plus'] as const,
  overview: () =>
    queryOptions({
      queryKey: [...plusQueries.all, 'overview'] as const,
      queryFn: () => fetchPlusOverview(),
      meta: userScoped,
    }),
  purchase: (membershipNumber: string) =>
    queryOptions({
      queryKey: [...plusQueries.all, 'purchase', membershipNumber] as const,
      queryFn: () => fetchPlusPurchase({ data: { membershipNumber } }),
      meta: userScoped,
    }),
}
