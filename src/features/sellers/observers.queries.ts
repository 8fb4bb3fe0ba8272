import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchObservers } from './observers.functions'

export const observerQueries = {
  all: ['sellers', 'observers'] as const,
  /** The signed-in owner's observers and pending invitations. */
  overview: () =>
    queryOptions({
      queryKey: [...observerQueries.all, 'overview'] as const,
      queryFn: () => fetchObservers(),
      meta: userScoped,
    }),
}
