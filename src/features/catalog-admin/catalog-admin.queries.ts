import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import {
  fetchAdminBrands,
  fetchAdminProduct,
  fetchAdminCategories,
  fetchAllBrands,
  fetchReviewQueue,
} from './catalog-admin.functions'
import type { BrandListFilters, ReviewQueueFilters } from './catalog-admin.schemas'

export const catalogAdminQueries = {
  all: ['catalog-admin'] as const,
  brands: (filters: BrandListFilters) =>
    queryOptions({
      queryKey: [...catalogAdminQueries.all, 'brands', filters] as const,
      queryFn: () => fetchAdminBrands({ data: filters }),
      meta: userScoped,
    }),
  allBrands: () =>
    queryOptions({
      queryKey: [...catalogAdminQueries.all, 'brands', 'all'] as const,
      queryFn: () => fetchAllBrands(),
      meta: userScoped,
    }),
  reviewQueue: (filters: ReviewQueueFilters) =>
    queryOptions({
      queryKey: [...catalogAdminQueries.all, 'review', filters] as const,
      queryFn: () => fetchReviewQueue({ data: filters }),
      meta: userScoped,
    }),
  product: (productId: number) =>
    queryOptions({
      queryKey: [...catalogAdminQueries.all, 'product', productId] as const,
      queryFn: () => fetchAdminProduct({ data: { productId } }),
      meta: userScoped,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...catalogAdminQueries.all, 'categories'] as const,
      queryFn: () => fetchAdminCategories(),
      meta: userScoped,
    }),
}
