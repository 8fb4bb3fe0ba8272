import * as v from 'valibot'
import { constants } from '#app-config'
import { asciiDigits } from '~/lib/digits'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/**
 * Sign-in and profile inputs: one schema each, used by the forms, the server functions and the JSON
 * endpoints. Field names are the API's (snake_case), so a 422's `errors` keys name form fields.
 */

/** Messages are functions (valibot calls them per issue), so they follow the request's locale. */
export const REQUIRED = () => m.account_field_required()
export const INVALID_MOBILE = () => m.account_mobile_invalid()
export const FOREIGN_MOBILE = () => m.account_mobile_foreign()

export { asciiDigits } from '~/lib/digits'

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

export const CODE_MESSAGE = () => m.account_code_enter({ length: formatNumber(constants.auth.otpLength) })
export const codeSchema = v.pipe(
  v.string(REQUIRED),
  v.transform((value) => asciiDigits(value).replace(/\s/g, '')),
  v.nonEmpty(REQUIRED),
  v.regex(new RegExp(`^\\d{${constants.auth.otpLength}}$`), CODE_MESSAGE),
)

export const channelSchema = v.picklist(constants.auth.otpChannels, () => m.account_channel_choose())

const nameSchema = (tooLong: () => string, badCharacters: () => string) =>
  v.pipe(
    v.string(REQUIRED),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.maxLength(50, tooLong),
    v.regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, badCharacters),
  )
export const firstNameSchema = nameSchema(
  () => m.account_first_name_max(),
  () => m.account_first_name_chars(),
)
export const lastNameSchema = nameSchema(
  () => m.account_last_name_max(),
  () => m.account_last_name_chars(),
)

/** Optional: an empty field means "no email" (null). */
export const emailSchema = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((value) => (value ?? '').trim().toLowerCase() || null),
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(254, () => m.account_email_max()),
      v.email(() => m.account_email_invalid()),
    ),
  ),
)

export const PASSWORD_RULE = () => m.account_password_rule()
export const newPasswordSchema = v.pipe(
  v.string(REQUIRED),
  v.nonEmpty(REQUIRED),
  v.minLength(8, PASSWORD_RULE),
  v.maxLength(128, PASSWORD_RULE),
  v.regex(/\p{L}/u, PASSWORD_RULE),
  v.regex(/\d/, PASSWORD_RULE),
)
/** Signing in checks only presence: the rules of the day must not lock out older passwords. */
const passwordSchema = v.pipe(
  v.string(REQUIRED),
  v.nonEmpty(REQUIRED),
  v.maxLength(128, () => m.account_wrong_password()),
)

/** JSON clients choose cookies (browsers) or tokens in the reply body (apps, scripts). */
const deliverySchema = v.optional(v.picklist(['cookie', 'body'], () => m.account_delivery_choice()), 'cookie')

/** Asked for on every code request, and on a verify or password sign-in once limits escalate. */
const captchaTokenSchema = v.optional(v.pipe(v.string(), v.maxLength(4096)))
export const requestCodeInput = v.object({
  phone: phoneSchema,
  channel: v.optional(channelSchema, 'sms'),
  captcha_token: captchaTokenSchema,
})
export const verifyCodeInput = v.object({
  phone: phoneSchema,
  code: codeSchema,
  captcha_token: captchaTokenSchema,
})
export const registerInput = v.object({
  ticket: v.pipe(
    v.string(REQUIRED),
    v.nonEmpty(REQUIRED),
    v.maxLength(100, () => m.account_ticket_invalid_registration()),
  ),
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
})
export const passwordSignInInput = v.object({
  phone: phoneSchema,
  password: passwordSchema,
  captcha_token: captchaTokenSchema,
})
export const updateProfileInput = v.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
})
export const changePasswordInput = v.object({
  /** Required when the account already has a password. */
  current_password: v.optional(v.pipe(v.string(), v.maxLength(128))),
  new_password: newPasswordSchema,
})
export const requestMobileChangeInput = v.object({
  phone: phoneSchema,
  channel: v.optional(channelSchema, 'sms'),
})
export const confirmMobileChangeInput = v.object({ phone: phoneSchema, code: codeSchema })

export const apiVerifyCodeInput = v.object({ ...verifyCodeInput.entries, delivery: deliverySchema })
export const apiRegisterInput = v.object({ ...registerInput.entries, delivery: deliverySchema })
export const apiPasswordSignInInput = v.object({ ...passwordSignInInput.entries, delivery: deliverySchema })
export const apiRefreshInput = v.object({ refresh_token: v.optional(v.pipe(v.string(), v.maxLength(200))) })

export type RequestCodeInput = v.InferOutput<typeof requestCodeInput>
export type VerifyCodeInput = v.InferOutput<typeof verifyCodeInput>
export type RegisterInput = v.InferOutput<typeof registerInput>
export type PasswordSignInInput = v.InferOutput<typeof passwordSignInInput>
export type UpdateProfileInput = v.InferOutput<typeof updateProfileInput>
export type ChangePasswordInput = v.InferOutput<typeof changePasswordInput>
export type RequestMobileChangeInput = v.InferOutput<typeof requestMobileChangeInput>
export type ConfirmMobileChangeInput = v.InferOutput<typeof confirmMobileChangeInput>

// The user as the API returns it lives in src/lib, so server code can name it too.
export { sellerSummarySchema, userSchema, type SellerSummary, type User } from '~/lib/user'

/** What a code request tells the form: where it went and when the next one may be asked for. */
export interface CodeSent {
  phone: string
  channel: 'sms' | 'whatsapp'
  expires_in: number
  resend_in: number
  code_length: number
}
