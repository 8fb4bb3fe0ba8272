import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { notify } from '~/lib/notify'
import { userScoped } from '~/features/auth'
import { deleteDeadJobFn, fetchJobsOverview, retryDeadJobFn } from './jobs.functions'
import { m } from '~/lib/messages'

export const jobQueries = {
  all: ['jobs'] as const,
  /** /admin/jobs: queue counts and dead letters. */
  overview: () =>
    queryOptions({
      queryKey: [...jobQueries.all, 'overview'] as const,
      queryFn: () => fetchJobsOverview(),
      meta: userScoped,
    }),
}

/** Retry or delete one dead job; the page's counts and list refresh either way. */
export function useDeadJobAction(action: 'retry' | 'delete') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (jobId: string) =>
      (action === 'retry' ? retryDeadJobFn : deleteDeadJobFn)({ data: { job_id: jobId } }),
    onSuccess: () =>
      notify('success', action === 'retry' ? m.admin_job_requeued_toast() : m.admin_job_deleted_toast()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueries.all }),
  })
}
