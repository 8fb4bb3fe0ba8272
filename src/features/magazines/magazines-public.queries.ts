import { queryOptions } from '@tanstack/react-query'
import {
  fetchFeaturedMagazines,
  fetchPublicMagazine,
  fetchPublicMagazines,
  fetchStoreMagazines,
} from './magazines-public.functions'
import type { MagazineListSearch } from './magazines.schemas'

/** The public magazine pages', the home page's and a store page's queries (no user in the key). */
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
