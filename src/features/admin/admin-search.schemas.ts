import * as v from 'valibot'
import { intSchema, isoDaySchema, textSchema } from '~/lib/schema-pieces'
import { m } from '~/lib/messages'

/**
 * The back office's URL search params (dashboard range, users, audit log), apart from
 * admin.schemas.ts (which re-exports them): the route tree every page loads validates them, and
 * the back office's inputs need not come with them (issue #21).
 */

/** How many days a dashboard looks back. */
export const dashboardRanges = [30, 90] as const
export type DashboardRange = (typeof dashboardRanges)[number]
export const rangeSchema = v.picklist(dashboardRanges, () => m.server_valid_choose_range())

export const userRoles = ['buyer', 'seller', 'observer', 'admin', 'blocked'] as const
export type UserRoleFilter = (typeof userRoles)[number]

export const userSearchEntries = {
  q: v.optional(textSchema(100)),
  role: v.optional(v.picklist(userRoles)),
  /** Joined on or after this Tehran day (the dashboard's "new buyers" link). */
  since: v.optional(isoDaySchema),
}

export const adminUserSearch = v.object({
  ...userSearchEntries,
  page: v.optional(intSchema(1, 500)),
})
export type AdminUserSearch = v.InferOutput<typeof adminUserSearch>

export const USERS_PER_PAGE = 20

export const auditSearchEntries = {
  /** The acting user's id. */
  actor: v.optional(intSchema(1)),
  /** The seller acted for. */
  seller: v.optional(intSchema(1)),
  /** An action, or the start of one (`user.` finds every user action). */
  action: v.optional(
    v.pipe(
      textSchema(60),
      v.regex(/^[a-z0-9_.]*$/, () => m.server_valid_audit_action()),
    ),
  ),
  record_type: v.optional(
    v.pipe(
      textSchema(40),
      v.regex(/^[a-z0-9_]*$/, () => m.server_valid_audit_record_type()),
    ),
  ),
  /** A record id is text (an SKU code, a number): `?record=5` arrives as the number 5 and means "5". */
  record: v.optional(
    v.union([v.pipe(v.number(), v.integer(), v.minValue(0), v.transform(String)), textSchema(60)]),
  ),
  from: v.optional(isoDaySchema),
  to: v.optional(isoDaySchema),
}

export const daysInOrder = <T extends { from?: string; to?: string }>(input: T) =>
  !input.from || !input.to || input.from <= input.to
export const DAYS_IN_ORDER = () => m.server_valid_date_order()

export const auditSearch = v.pipe(
  v.object({ ...auditSearchEntries, page: v.optional(intSchema(1, 500)) }),
  v.check(daysInOrder, DAYS_IN_ORDER),
)
export type AuditSearch = v.InferOutput<typeof auditSearch>

export const AUDIT_PER_PAGE = 25
