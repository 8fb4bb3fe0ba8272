import * as v from 'valibot'
import { sellerStatuses } from '~/lib/domain-enums'

/**
 * The signed-in user as `GET /api/user/profile` returns it under `data` (spec §3 User). The
 * identity work (issue #4) returns exactly this shape; parsing it here means a drift shows up as
 * "signed out" plus a console error, not as a broken header.
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
  seller: v.nullable(v.object({ status: v.picklist(sellerStatuses) })),
})

export type User = v.InferOutput<typeof userSchema>

export const profileResponseSchema = v.object({ data: userSchema })

/** Spec §3: first plus last name, else the cellphone, else 'Sign in' when signed out. */
export function displayName(user: User | null | undefined): string {
  if (!user) return 'Sign in'
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return name || user.cellphone
}
