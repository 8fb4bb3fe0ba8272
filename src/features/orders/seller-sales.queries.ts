import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { orderQueries } from './orders.queries'
import { fetchSellerSales } from './seller-sales.functions'

/** Under orderQueries.all, so every order action's refresh reaches the charts too. */
export const sellerSalesQueries = {
  sales: (days: 30 | 90) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'seller', 'sales', days] as const,
      queryFn: () => fetchSellerSales({ data: { days } }),
      meta: userScoped,
    }),
}
