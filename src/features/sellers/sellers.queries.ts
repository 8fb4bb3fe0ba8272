import { queryOptions } from '@tanstack/react-query'
import { fetchSellerApplications, fetchSellerProfile } from './sellers.functions'
import type { SellerApplicationFilters } from './sellers.schemas'

export const sellerQueries = {
  all: ['sellers'] as const,
  profile: () =>
    queryOptions({
      queryKey: [...sellerQueries.all, 'profile'] as const,
      queryFn: () => fetchSellerProfile(),
    }),
  applications: (filters: Partial<SellerApplicationFilters> = {}) =>
    queryOptions({
      queryKey: [...sellerQueries.all, 'applications', filters] as const,
      queryFn: () => fetchSellerApplications({ data: filters }),
    }),
}
