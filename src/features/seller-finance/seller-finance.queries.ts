import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchFinanceOverview, fetchStatementPage } from './seller-finance.functions'
import type { FinanceSearch } from './seller-finance.schemas'

export const sellerFinanceQueries = {
  all: ['seller', 'finance'] as const,
  overview: () =>
    queryOptions({
      queryKey: [...sellerFinanceQueries.all, 'overview'] as const,
      queryFn: () => fetchFinanceOverview(),
      meta: userScoped,
    }),
  statement: (search: FinanceSearch) =>
    queryOptions({
      queryKey: [...sellerFinanceQueries.all, 'statement', search] as const,
      queryFn: () => fetchStatementPage({ data: search }),
      meta: userScoped,
    }),
}
