import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchBuyerList, fetchBuyerLists } from './buyer-lists.functions'

export const buyerListQueries = {
  all: ['buyer', 'lists'] as const,
  list: () =>
    queryOptions({
      queryKey: [...buyerListQueries.all, 'index'] as const,
      queryFn: () => fetchBuyerLists(),
      meta: userScoped,
    }),
  detail: (listId: number) =>
    queryOptions({
      queryKey: [...buyerListQueries.all, listId] as const,
      queryFn: () => fetchBuyerList({ data: { listId } }),
      meta: userScoped,
    }),
}
