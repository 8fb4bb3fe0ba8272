import { queryOptions } from '@tanstack/react-query'
import { fetchRuntimeConfig } from './shell.functions'

export const shellQueries = {
  runtimeConfig: () =>
    queryOptions({
      queryKey: ['shell', 'runtime-config'] as const,
      queryFn: () => fetchRuntimeConfig(),
      // Fixed for the life of the server process.
      staleTime: Number.POSITIVE_INFINITY,
    }),
}
