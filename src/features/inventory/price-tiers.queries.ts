import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchSkuPrices } from './price-tiers.functions'

export const priceTierQueries = {
  all: ['seller', 'price-tiers'] as const,
  sku: (sku: string) =>
    queryOptions({
      queryKey: [...priceTierQueries.all, sku] as const,
      queryFn: () => fetchSkuPrices({ data: { sku } }),
      meta: userScoped,
    }),
}
