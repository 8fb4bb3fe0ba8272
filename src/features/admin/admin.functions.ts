import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { getAnalyticsOverview } from './admin-analytics.server'
import { listAuditEvents } from './admin-audit.server'
import { getAdminDashboard } from './admin-dashboard.server'
import { blockUser, endUserSessions, getUserDetail, listUsers, unblockUser } from './admin-users.server'
import {
  accountIdInput,
  adminUserFilters,
  analyticsInput,
  auditFilters,
  blockUserInput,
  dashboardInput,
  endSessionsInput,
  unblockUserInput,
} from './admin.schemas'

/** Server functions for the back office. Every operation checks that the caller is an administrator. */

export const fetchAdminDashboard = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(dashboardInput))
  .handler(async ({ data, context }) => getAdminDashboard(context.db, context.auth, data))

export const fetchAdminUsers = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(adminUserFilters))
  .handler(async ({ data, context }) => listUsers(context.db, context.auth, data))

export const fetchAdminUser = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(accountIdInput))
  .handler(async ({ data, context }) => getUserDetail(context.db, context.auth, data))

export const blockUserFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(blockUserInput))
  .handler(async ({ data, context }) => blockUser(context.db, context.auth, data))

export const unblockUserFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(unblockUserInput))
  .handler(async ({ data, context }) => unblockUser(context.db, context.auth, data))

export const endUserSessionsFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(endSessionsInput))
  .handler(async ({ data, context }) => endUserSessions(context.db, context.auth, data))

export const fetchAuditEvents = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(auditFilters))
  .handler(async ({ data, context }) => listAuditEvents(context.db, context.auth, data))

export const fetchAnalyticsOverview = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(analyticsInput))
  .handler(async ({ data, context }) => getAnalyticsOverview(context.db, context.auth, data))
