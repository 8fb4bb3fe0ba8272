import * as v from 'valibot'
import { constants } from '#app-config'
import { asciiDigits } from '~/lib/digits'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { extendObject } from '~/lib/schema-pieces'
import { phoneSchema, REQUIRED } from './phone.schemas'

/**
 * Sign-in and profile inputs: one schema each, used by the forms, the server functions and the JSON
 * endpoints. Field names are the API's (snake_case), so a 422's `errors` keys name form fields.
 */

export {
  FOREIGN_MOBILE,
  INVALID_MOBILE,
  normalizeIranMobile,
  phoneSchema,
  REQUIRED,
  type PhoneResult,
} from './phone.schemas'
export { asciiDigits } from '~/lib/digits'

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
const deliverySchema = v.optional(
  v.picklist(['cookie', 'body'], () => m.account_delivery_choice()),
  'cookie',
)

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
/** The 429 page asking whether a sign-in step of this phone is still locked for this client. */
export const signInLockInput = v.object({
  phone: phoneSchema,
  step: v.picklist(['code', 'verify', 'password']),
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

export const apiVerifyCodeInput = extendObject(verifyCodeInput, { delivery: deliverySchema })
export const apiRegisterInput = extendObject(registerInput, { delivery: deliverySchema })
export const apiPasswordSignInInput = extendObject(passwordSignInInput, { delivery: deliverySchema })
export const apiRefreshInput = v.object({ refresh_token: v.optional(v.pipe(v.string(), v.maxLength(200))) })

export type RequestCodeInput = v.InferOutput<typeof requestCodeInput>
export type VerifyCodeInput = v.InferOutput<typeof verifyCodeInput>
export type RegisterInput = v.InferOutput<typeof registerInput>
export type PasswordSignInInput = v.InferOutput<typeof passwordSignInInput>
export type SignInLockInput = v.InferInput<typeof signInLockInput>
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
