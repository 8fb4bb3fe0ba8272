import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchCheckoutResult, fetchSandboxSession } from './payments.functions'

export const paymentQueries = {
  all: ['payments'] as const,
  /** /cart/checkout-result: always re-read (the callback may have just changed it). */
  checkoutResult: (orderNumber: string) =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'result', orderNumber] as const,
      queryFn: () => fetchCheckoutResult({ data: { orderNumber } }),
      meta: userScoped,
      staleTime: 0,
      retry: false,
    }),
  /** The sandbox bank page's session. */
  sandboxSession: (session: string) =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'sandbox', session] as const,
      queryFn: () => fetchSandboxSession({ data: { session } }),
      staleTime: 0,
      retry: false,
    }),
}
