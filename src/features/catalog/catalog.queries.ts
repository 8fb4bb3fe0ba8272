import { queryOptions } from '@tanstack/react-query'
import { fetchCategoryTree, fetchFeaturedProducts } from './catalog.functions'

export const catalogQueries = {
  all: ['catalog'] as const,
  categoryTree: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'category-tree'],
      queryFn: () => fetchCategoryTree(),
    }),
  featured: (limit = 12) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'featured', limit],
      queryFn: () => fetchFeaturedProducts({ data: { limit } }),
    }),
}
