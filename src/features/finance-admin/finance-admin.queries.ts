import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import {
  fetchCommissionRates,
  fetchFinanceOverview,
  fetchReconciliation,
  fetchSettlement,
} from './finance-admin.functions'
import type { ReconciliationInput } from './finance-admin.schemas'

export const financeAdminQueries = {
  all: ['finance-admin'] as const,
  overview: () =>
    queryOptions({
      queryKey: [...financeAdminQueries.all, 'overview'] as const,
      queryFn: () => fetchFinanceOverview(),
      meta: userScoped,
    }),
  reconciliation: (range: ReconciliationInput) =>
    queryOptions({
      queryKey: [...financeAdminQueries.all, 'reconciliation', range] as const,
      queryFn: () => fetchReconciliation({ data: range }),
      meta: userScoped,
    }),
  rates: () =>
    queryOptions({
      queryKey: [...financeAdminQueries.all, 'rates'] as const,
      queryFn: () => fetchCommissionRates(),
      meta: userScoped,
    }),
  settlement: () =>
    queryOptions({
      queryKey: [...financeAdminQueries.all, 'settlement'] as const,
      queryFn: () => fetchSettlement(),
      meta: userScoped,
    }),
}
