import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchPayoutAccount } from './payout-account.functions'
import { fetchSellerDetail } from './seller-admin.functions'
import { fetchSellerApplications, fetchSellerProfile } from './sellers.functions'
import type { SellerApplicationFilters } from './sellers.schemas'

export const sellerQueries = {
  all: ['sellers'] as const,
  /** The seller the signed-in user owns or observes. */
  profile: () =>
    queryOptions({
      queryKey: [...sellerQueries.all, 'profile'] as const,
      queryFn: () => fetchSellerProfile(),
      meta: userScoped,
    }),
  /** The payout account (Sheba) of the seller the signed-in user owns or observes, masked. */
  payoutAccount: () =>
    queryOptions({
      queryKey: [...sellerQueries.all, 'payout-account'] as const,
      queryFn: () => fetchPayoutAccount(),
      meta: userScoped,
    }),
  /** /admin/sellers. */
  applications: (filters: Partial<SellerApplicationFilters> = {}) =>
    queryOptions({
      queryKey: [...sellerQueries.all, 'applications', filters] as const,
      queryFn: () => fetchSellerApplications({ data: filters }),
      meta: userScoped,
    }),
  /** /admin/sellers/{id}. */
  detail: (sellerId: number) =>
    queryOptions({
      queryKey: [...sellerQueries.all, 'detail', sellerId] as const,
      queryFn: () => fetchSellerDetail({ data: { sellerId } }),
      meta: userScoped,
    }),
}
