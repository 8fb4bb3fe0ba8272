import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import {
  fetchAdminContent,
  fetchAdminFaq,
  fetchContentPage,
  fetchFaq,
  fetchGuides,
  searchHelpFn,
} from './content.functions'

const CONTENT_STALE_MS = 5 * 60_000

export const contentQueries = {
  all: ['content'] as const,
  page: (slug: string) =>
    queryOptions({
      queryKey: [...contentQueries.all, 'page', slug] as const,
      queryFn: () => fetchContentPage({ data: { slug } }),
      staleTime: CONTENT_STALE_MS,
    }),
  guides: () =>
    queryOptions({
      queryKey: [...contentQueries.all, 'guides'] as const,
      queryFn: () => fetchGuides(),
      staleTime: CONTENT_STALE_MS,
    }),
  faq: () =>
    queryOptions({
      queryKey: [...contentQueries.all, 'faq'] as const,
      queryFn: () => fetchFaq(),
      staleTime: CONTENT_STALE_MS,
    }),
  search: (q: string) =>
    queryOptions({
      queryKey: [...contentQueries.all, 'search', q] as const,
      queryFn: () => searchHelpFn({ data: { q } }),
      staleTime: CONTENT_STALE_MS,
    }),
  /** /admin/content. */
  admin: () =>
    queryOptions({
      queryKey: [...contentQueries.all, 'admin'] as const,
      queryFn: () => fetchAdminContent(),
      meta: userScoped,
    }),
  /** /admin/content/questions: both texts of every entry. */
  adminFaq: () =>
    queryOptions({
      queryKey: [...contentQueries.all, 'admin', 'faq'] as const,
      queryFn: () => fetchAdminFaq(),
      meta: userScoped,
    }),
}
