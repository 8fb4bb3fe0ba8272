import * as v from 'valibot'
import { idSchema, intSchema, trimUserText } from '~/lib/schema-pieces'
import type { SellerStatus } from '~/lib/domain-enums'
import {
  AUDIT_PER_PAGE,
  auditSearchEntries,
  DAYS_IN_ORDER,
  daysInOrder,
  rangeSchema,
  userSearchEntries,
  USERS_PER_PAGE,
  type DashboardRange,
} from './admin-search.schemas'

export {
  AUDIT_PER_PAGE,
  adminUserSearch,
  auditSearch,
  dashboardRanges,
  rangeSchema,
  userRoles,
  USERS_PER_PAGE,
  type AdminUserSearch,
  type AuditSearch,
  type DashboardRange,
  type UserRoleFilter,
} from './admin-search.schemas'
import { m } from '~/lib/messages'

/**
 * The operator's back office (issue #20 part A): dashboard, users, audit log, analytics. Client-safe:
 * the URL's search params, the server functions and the tests share these schemas.
 */

export const dashboardInput = v.object({ days: v.optional(rangeSchema, 30) })
export type DashboardInput = v.InferInput<typeof dashboardInput>

export interface DashboardDay {
  day: string
  /** Sum of the totals of orders paid that day (minor units). */
  gmv: number
  /** Orders placed that day (any outcome). */
  placed: number
  /** Orders paid that day. */
  paid: number
}

export interface RankedRow {
  id: number
  name: string
  /** A slug to link to (categories); null for sellers. */
  slug: string | null
  gmv: number
  orders: number
}

export interface AdminDashboard {
  days: DashboardRange
  /** First and last Tehran day shown (inclusive). */
  from: string
  to: string
  currency: string
  series: DashboardDay[]
  totals: { gmv: number; placed: number; paid: number; new_buyers: number; new_sellers: number }
  pending_applications: number
  open_tickets: number
  failed_jobs: number
  top_categories: RankedRow[]
  top_sellers: RankedRow[]
}

// ---- Users ----

export const adminUserFilters = v.object({
  ...userSearchEntries,
  page: v.optional(intSchema(1, 500), 1),
  per_page: v.optional(intSchema(1, 100), USERS_PER_PAGE),
})
export type AdminUserFilters = v.InferInput<typeof adminUserFilters>

/** A user as the administrator looks one up (`account_id`: the account being administered). */
export const accountIdInput = v.object({ account_id: idSchema })
export type AccountIdInput = v.InferOutput<typeof accountIdInput>

export const blockReasonSchema = v.pipe(
  v.string(() => m.server_valid_give_reason()),
  v.check(
    (s) => !s.includes('\u0000'),
    () => m.server_error_nul_characters(),
  ),
  trimUserText(),
  v.minLength(3, () => m.server_valid_give_reason_short()),
  v.maxLength(500, () => m.server_valid_reason_long()),
)

export const blockUserInput = v.object({ account_id: idSchema, reason: blockReasonSchema })
export type BlockUserInput = v.InferOutput<typeof blockUserInput>
export const unblockUserInput = blockUserInput
export const endSessionsInput = v.object({ account_id: idSchema, reason: v.optional(blockReasonSchema) })
export type EndSessionsInput = v.InferOutput<typeof endSessionsInput>

export interface AdminUserRow {
  id: number
  name: string
  cellphone: string
  email: string | null
  roles: Array<'buyer' | 'seller' | 'observer' | 'admin'>
  blocked: boolean
  created_at: string
}

export interface AdminUserList {
  items: AdminUserRow[]
  total: number
  page: number
  per_page: number
}

export interface AdminUserDetail extends AdminUserRow {
  first_name: string | null
  last_name: string | null
  blocked_at: string | null
  blocked_reason: string | null
  has_password: boolean
  own_seller: { id: number; display_name: string; status: SellerStatus } | null
  observes: { id: number; display_name: string; status: SellerStatus } | null
  orders: {
    total: number
    recent: Array<{
      id: number
      number: string
      status: string
      total: number
      currency: string
      created_at: string
      seller_name: string
    }>
  }
  tickets: {
    total: number
    recent: Array<{ id: number; subject: string; status: string; created_at: string }>
  }
  sessions: Array<{
    id: number
    created_at: string
    last_issued_at: string
    user_agent: string | null
    ip: string | null
    expires_at: string
  }>
  /** Whether this is the signed-in administrator (who cannot block themself). */
  is_you: boolean
}

// ---- Audit log ----

export const auditFilters = v.pipe(
  v.object({
    ...auditSearchEntries,
    page: v.optional(intSchema(1, 500), 1),
    per_page: v.optional(intSchema(1, 100), AUDIT_PER_PAGE),
  }),
  v.check(daysInOrder, DAYS_IN_ORDER),
)
export type AuditFilters = v.InferInput<typeof auditFilters>

export interface AuditRow {
  id: number
  created_at: string
  actor: { id: number; name: string } | null
  seller: { id: number; name: string } | null
  action: string
  record_type: string
  record_id: string
  /** Each changed field with its values before and after, as text (JSON for anything but text). */
  changes: Array<{ field: string; before: string | null; after: string | null }>
  reason: string | null
  request_id: string | null
}

export interface AuditPage {
  items: AuditRow[]
  total: number
  page: number
  per_page: number
}

// ---- Analytics ----

export const analyticsInput = v.object({ days: v.optional(rangeSchema, 30) })

export interface FunnelStep {
  key: 'viewed' | 'added' | 'checkout' | 'placed' | 'paid'
  label: string
  /** What is counted: visits for the browser's steps, orders for the server's. */
  unit: 'visits' | 'orders'
  count: number
  /** Share of the step before (null for the first step or after a zero). */
  from_previous: number | null
}

export interface AnalyticsOverview {
  days: DashboardRange
  from: string
  to: string
  per_day: Array<{ day: string; events: number; page_views: number }>
  by_name: Array<{ name: string; count: number }>
  funnel: FunnelStep[]
  page_views_by_route: Array<{ route: string; count: number }>
  total_events: number
}
