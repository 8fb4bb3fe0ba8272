import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { catalogQueries } from '~/features/catalog'
import { fetchAdminLandingPage, fetchAdminLandingPages } from './landing-admin.functions'

/** Query keys for /admin/landing (admin-only data: dropped on sign-out). */
export const landingAdminQueries = {
  all: ['landing-admin'] as const,
  list: () =>
    queryOptions({
      queryKey: [...landingAdminQueries.all, 'list'] as const,
      queryFn: () => fetchAdminLandingPages(),
      meta: userScoped,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...landingAdminQueries.all, 'detail', id] as const,
      queryFn: () => fetchAdminLandingPage({ data: { id } }),
      meta: userScoped,
    }),
}

/**
 * After a save or delete: the admin lists, and this tab's cached public pages under the old and
 * new slug, so "View" shows what was just saved (the server keeps no copy of its own).
 */
export async function afterLandingChange(queryClient: QueryClient, slugs: string[]): Promise<void> {
  for (const slug of new Set(slugs))
    queryClient.removeQueries({ queryKey: catalogQueries.landing(slug).queryKey })
  await queryClient.invalidateQueries({ queryKey: landingAdminQueries.all })
}
