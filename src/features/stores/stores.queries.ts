import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/session/session.queries'
import { fetchStore, fetchStoreProducts, fetchStores } from './stores.functions'
import type { StoreProductsSearch } from './stores.schemas'

export const storeQueries = {
  all: ['seller', 'stores'] as const,
  list: () =>
    queryOptions({
      queryKey: [...storeQueries.all, 'list'] as const,
      queryFn: () => fetchStores(),
      meta: userScoped,
    }),
  detail: (storeId: number) =>
    queryOptions({
      queryKey: [...storeQueries.all, 'detail', storeId] as const,
      queryFn: () => fetchStore({ data: { storeId } }),
      meta: userScoped,
    }),
}

export const storeProductQueries = {
  page: (search: StoreProductsSearch) =>
    queryOptions({
      queryKey: [...storeQueries.all, 'products', search] as const,
      queryFn: () => fetchStoreProducts({ data: search }),
      meta: userScoped,
    }),
}
