import * as v from 'valibot'
import { constants } from '#app-config'
import { asciiDigits } from '~/lib/digits'
import { m } from '~/lib/messages'

/**
 * The mobile number's schema on its own: the sign-in routes' search (`/auth/verify?phone=`) is
 * validated in the route tree every page loads, and importing it from auth.schemas put that whole
 * module (every sign-in and profile schema, with their messages) in the first-load chunk (issue #21).
 * auth.schemas re-exports all of this.
 */

/** Messages are functions (valibot calls them per issue), so they follow the request's locale. */
export const REQUIRED = () => m.account_field_required()
export const INVALID_MOBILE = () => m.account_mobile_invalid()
export const FOREIGN_MOBILE = () => m.account_mobile_foreign()

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string }

/**
 * An Iranian mobile number as E.164 (+989xxxxxxxxx). Accepts 09xxxxxxxxx, 9xxxxxxxxx and
 * +989xxxxxxxxx (also 00989xxxxxxxxx), with spaces, dashes, dots or brackets between digits.
 */
export function normalizeIranMobile(input: string): PhoneResult {
  const compact = asciiDigits(input).replace(/[\s\-.()]/g, '')
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact
  let match: RegExpExecArray | null
  if ((match = /^0(9\d{9})$/.exec(international))) return { ok: true, phone: `+98${match[1]}` }
  if ((match = /^(9\d{9})$/.exec(international))) return { ok: true, phone: `+98${match[1]}` }
  if ((match = /^\+98(9\d{9})$/.exec(international))) return { ok: true, phone: `+98${match[1]}` }
  if (/^\+\d+$/.test(international) && !international.startsWith(constants.auth.countryCode)) {
    return { ok: false, message: FOREIGN_MOBILE() }
  }
  return { ok: false, message: INVALID_MOBILE() }
}

export const phoneSchema = v.pipe(
  v.string(REQUIRED),
  v.trim(),
  v.nonEmpty(REQUIRED),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const result = normalizeIranMobile(dataset.value)
    if (result.ok) return result.phone
    addIssue({ message: result.message })
    return NEVER
  }),
)
