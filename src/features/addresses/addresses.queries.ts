import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchAddress, fetchMyAddresses } from './addresses.functions'

export const addressQueries = {
  all: ['addresses'] as const,
  /** The signed-in user's addresses, default first: /buyer/profile/address and the checkout's picker. */
  mine: () =>
    queryOptions({
      queryKey: [...addressQueries.all, 'mine'] as const,
      queryFn: () => fetchMyAddresses(),
      meta: userScoped,
    }),
  detail: (addressId: number) =>
    queryOptions({
      queryKey: [...addressQueries.all, 'detail', addressId] as const,
      queryFn: () => fetchAddress({ data: { address_id: addressId } }),
      meta: userScoped,
    }),
}
