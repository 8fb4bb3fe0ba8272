import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/session/session.queries'
import {
  fetchFeaturedMagazines,
  fetchMagazine,
  fetchMagazines,
  fetchPickableSkus,
  fetchPublicMagazine,
  fetchPublicMagazines,
  fetchStoreMagazines,
} from './magazines.functions'
import type { MagazineListSearch, PickableSkusInput } from './magazines.schemas'

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

export const publicMagazineQueries = {
  all: ['magazines'] as const,
  list: (search: MagazineListSearch) =>
    queryOptions({
      queryKey: [...publicMagazineQueries.all, 'list', search] as const,
      queryFn: () => fetchPublicMagazines({ data: search }),
    }),
  detail: (identify: string) =>
    queryOptions({
      queryKey: [...publicMagazineQueries.all, 'detail', identify] as const,
      queryFn: () => fetchPublicMagazine({ data: { identify } }),
      staleTime: 30_000,
    }),
  featured: () =>
    queryOptions({
      queryKey: [...publicMagazineQueries.all, 'featured'] as const,
      queryFn: () => fetchFeaturedMagazines(),
    }),
  ofStore: (storeSlug: string) =>
    queryOptions({
      queryKey: [...publicMagazineQueries.all, 'store', storeSlug] as const,
      queryFn: () => fetchStoreMagazines({ data: { storeSlug } }),
    }),
}
