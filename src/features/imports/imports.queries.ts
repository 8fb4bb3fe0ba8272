import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchImport, fetchImportRows, fetchImports } from './imports.functions'
import { IMPORTS_PER_PAGE, type RowFilter } from './imports.schemas'

const RUNNING = new Set(['checking', 'applying'])

export const importQueries = {
  all: ['imports'] as const,
  /** One import; polled every second while its job runs, so the progress bar moves. */
  detail: (importId: number) =>
    queryOptions({
      queryKey: [...importQueries.all, 'detail', importId] as const,
      queryFn: () => fetchImport({ data: { importId } }),
      refetchInterval: (query) => (query.state.data && RUNNING.has(query.state.data.status) ? 1000 : false),
      meta: userScoped,
    }),
  rows: (importId: number, filter: RowFilter, page: number) =>
    queryOptions({
      queryKey: [...importQueries.all, 'rows', importId, filter, page] as const,
      queryFn: () => fetchImportRows({ data: { importId, filter, page } }),
      meta: userScoped,
    }),
  history: (page = 1) =>
    queryOptions({
      queryKey: [...importQueries.all, 'history', page, IMPORTS_PER_PAGE] as const,
      queryFn: () => fetchImports({ data: { page } }),
      meta: userScoped,
    }),
}
