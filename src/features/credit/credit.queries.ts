import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchBuyerCredit, fetchCreditOffer, fetchSellerCredit } from './credit.functions'

export const creditQueries = {
  all: ['credit'] as const,
  /** /buyer/credit. */
  buyer: (sellerId?: number) =>
    queryOptions({
      queryKey: [...creditQueries.all, 'buyer', sellerId ?? null] as const,
      queryFn: () => fetchBuyerCredit({ data: { sellerId } }),
      meta: userScoped,
    }),
  /** /seller/credit. */
  seller: () =>
    queryOptions({
      queryKey: [...creditQueries.all, 'seller'] as const,
      queryFn: () => fetchSellerCredit(),
      meta: userScoped,
    }),
  /** Checkout: the buyer's terms with one seller. */
  offer: (sellerId: number) =>
    queryOptions({
      queryKey: [...creditQueries.all, 'offer', sellerId] as const,
      queryFn: () => fetchCreditOffer({ data: { sellerId } }),
      meta: userScoped,
    }),
}
