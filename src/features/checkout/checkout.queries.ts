import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchCheckout } from './checkout.functions'

export const checkoutQueries = {
  all: ['checkout'] as const,
  /** One cart's checkout: always fresh (prices and stock are re-read on every visit). */
  cart: (cartId: number) =>
    queryOptions({
      queryKey: [...checkoutQueries.all, 'cart', cartId] as const,
      queryFn: () => fetchCheckout({ data: { cartId } }),
      meta: userScoped,
      staleTime: 0,
      retry: false,
    }),
}
