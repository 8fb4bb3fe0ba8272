import * as v from 'valibot'
import { userSchema, type User } from '~/lib/user'
import { m } from '~/lib/messages'

/**
 * `GET /api/user/profile` answers `{ data: User }` (spec §7). Parsing it means a drift between
 * server and browser shows up as "signed out" plus a console error, not as a broken header.
 */
export const profileResponseSchema = v.object({ data: userSchema })

/** Spec §3: first plus last name, else the cellphone, else 'Sign in' (in the page's language) when signed out. */
export function displayName(user: User | null | undefined): string {
  if (!user) return m.catalog_header_sign_in()
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return name || user.cellphone
}
