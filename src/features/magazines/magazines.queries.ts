import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchMagazine, fetchMagazines, fetchPickableSkus } from './magazines.functions'
import type { PickableSkusInput } from './magazines.schemas'

// The public pages' queries are in magazines-public.queries.ts (with their server functions).

export const magazineQueries = {
  all: ['seller', 'magazines'] as const,
  list: () =>
    queryOptions({
      queryKey: [...magazineQueries.all, 'list'] as const,
      queryFn: () => fetchMagazines(),
      meta: userScoped,
    }),
  detail: (magazineId: number) =>
    queryOptions({
      queryKey: [...magazineQueries.all, 'detail', magazineId] as const,
      queryFn: () => fetchMagazine({ data: { magazineId } }),
      meta: userScoped,
    }),
  pickable: (input: PickableSkusInput) =>
    queryOptions({
      queryKey: [...magazineQueries.all, 'pickable', input] as const,
      queryFn: () => fetchPickableSkus({ data: input }),
      meta: userScoped,
    }),
}
