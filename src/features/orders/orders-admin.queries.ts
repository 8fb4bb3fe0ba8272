import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchAdminOrder, fetchAdminOrders } from './orders-admin.functions'
import type { AdminOrderFilters } from './orders-admin.schemas'
import { orderQueries } from './orders.queries'

/** Under orderQueries.all, so every order action's refresh reaches the admin pages too. */
export const adminOrderQueries = {
  list: (filters: Partial<AdminOrderFilters> = {}) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'admin', 'list', filters] as const,
      queryFn: () => fetchAdminOrders({ data: filters }),
      meta: userScoped,
    }),
  detail: (orderId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'admin', 'detail', orderId] as const,
      queryFn: () => fetchAdminOrder({ data: { order_id: orderId } }),
      meta: userScoped,
    }),
}
