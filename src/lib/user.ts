import * as v from 'valibot'
import { sellerStatuses } from './domain-enums'

export const sellerSummarySchema = v.object({
  id: v.number(),
  status: v.picklist(sellerStatuses),
  display_name: v.string(),
})

/**
 * The signed-in user as the API returns it (spec §3 User, plus `is_admin` from DOMAIN.md and
 * `has_password`, which decides "set" or "change" on the profile page). The one definition of the
 * user: the server builds it, GET /api/user/profile returns it under `data`, the browser parses it
 * with this schema, and the access rules (auth-access.ts) read it.
 */
export const userSchema = v.object({
  id: v.number(),
  email: v.nullable(v.string()),
  cellphone: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  is_seller: v.boolean(),
  is_observer: v.boolean(),
  pointing_seller_id: v.nullable(v.number()),
  is_admin: v.boolean(),
  has_password: v.boolean(),
  /** The user's own seller; for an observer, the seller it acts for. */
  seller: v.nullable(sellerSummarySchema),
})

export type SellerSummary = v.InferOutput<typeof sellerSummarySchema>
export type User = v.InferOutput<typeof userSchema>
