import { queryOptions } from '@tanstack/react-query'
import { fetchCategoryTree, fetchSuggestions } from './catalog-shell.functions'

/**
 * The catalogue queries of every page's header (same keys as in catalogQueries, which spreads
 * these): apart so that the header does not bring every catalogue server function into the first
 * chunk (issue #21).
 */
export const catalogShellQueries = {
  all: ['catalog'] as const,
  categoryTree: () =>
    queryOptions({
      queryKey: [...catalogShellQueries.all, 'category-tree'],
      queryFn: () => fetchCategoryTree(),
      staleTime: 60_000,
    }),
  suggestions: (q: string) =>
    queryOptions({
      queryKey: [...catalogShellQueries.all, 'suggest', q],
      queryFn: () => fetchSuggestions({ data: { q } }),
      staleTime: 60_000,
    }),
}
