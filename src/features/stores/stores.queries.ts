import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import {
  fetchProductFormChoices,
  fetchSkuForEdit,
  fetchStore,
  fetchStoreProducts,
  fetchStores,
} from './stores.functions'
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

export const productAuthoringQueries = {
  choices: () =>
    queryOptions({
      queryKey: [...storeQueries.all, 'product-form-choices'] as const,
      queryFn: () => fetchProductFormChoices(),
      meta: userScoped,
      staleTime: 5 * 60_000,
    }),
  skuEdit: (sku: string) =>
    queryOptions({
      queryKey: [...storeQueries.all, 'sku-edit', sku] as const,
      queryFn: () => fetchSkuForEdit({ data: { sku } }),
      meta: userScoped,
    }),
}
