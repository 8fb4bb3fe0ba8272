import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { notify } from '~/lib/notify'
import {
  blockUserFn,
  endUserSessionsFn,
  fetchAdminDashboard,
  fetchAdminUser,
  fetchAdminUsers,
  fetchAnalyticsOverview,
  fetchAuditEvents,
  unblockUserFn,
} from './admin.functions'
import type { AdminUserFilters, AuditFilters, DashboardRange } from './admin.schemas'
import { m } from '~/lib/messages'

export const adminQueries = {
  all: ['admin-ops'] as const,
  dashboard: (days: DashboardRange) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'dashboard', days] as const,
      queryFn: () => fetchAdminDashboard({ data: { days } }),
      meta: userScoped,
    }),
  users: (filters: AdminUserFilters) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'users', 'list', filters] as const,
      queryFn: () => fetchAdminUsers({ data: filters }),
      meta: userScoped,
    }),
  user: (accountId: number) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'users', 'detail', accountId] as const,
      queryFn: () => fetchAdminUser({ data: { account_id: accountId } }),
      meta: userScoped,
    }),
  audit: (filters: AuditFilters) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'audit', filters] as const,
      queryFn: () => fetchAuditEvents({ data: filters }),
      meta: userScoped,
    }),
  analytics: (days: DashboardRange) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'analytics', days] as const,
      queryFn: () => fetchAnalyticsOverview({ data: { days } }),
      meta: userScoped,
    }),
}

export type UserAction = 'block' | 'unblock' | 'end-sessions'

const SUCCESS: Record<UserAction, () => string> = {
  block: m.admin_user_blocked_toast,
  unblock: m.admin_user_unblocked_toast,
  'end-sessions': m.admin_user_signed_out_toast,
}

/** Block, unblock or sign out a user; every back-office view refreshes (the audit log too). */
export function useUserAction(action: UserAction) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { account_id: number; reason: string }): Promise<unknown> =>
      action === 'block'
        ? blockUserFn({ data: input })
        : action === 'unblock'
          ? unblockUserFn({ data: input })
          : endUserSessionsFn({ data: { account_id: input.account_id, reason: input.reason || undefined } }),
    onSuccess: () => notify('success', SUCCESS[action]()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.all }),
  })
}
