import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchSkuStock, fetchStockLedger } from './stock.functions'

export const stockQueries = {
  all: ['seller', 'stock'] as const,
  sku: (sku: string) =>
    queryOptions({
      queryKey: [...stockQueries.all, sku] as const,
      queryFn: () => fetchSkuStock({ data: { sku } }),
      meta: userScoped,
    }),
  ledger: (sku: string, page: number) =>
    queryOptions({
      queryKey: [...stockQueries.all, sku, 'ledger', page] as const,
      queryFn: () => fetchStockLedger({ data: { sku, page } }),
      meta: userScoped,
    }),
}
