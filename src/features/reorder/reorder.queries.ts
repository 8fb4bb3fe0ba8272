import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchReorderPreview } from './reorder.functions'

export const reorderQueries = {
  all: ['buyer', 'reorder'] as const,
  preview: (orderId: number) =>
    queryOptions({
      queryKey: [...reorderQueries.all, orderId] as const,
      queryFn: () => fetchReorderPreview({ data: { order_id: orderId } }),
      meta: userScoped,
      staleTime: 0,
    }),
}
