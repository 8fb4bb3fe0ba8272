import '@tanstack/react-start/server-only'
import { minutes, seconds } from '~/server/clock.server'
import type { RateLimitRule } from '~/server/rate-limit/rate-limit.server'

/**
 * Sign-in rate limits (issue #13 §2, issue #35). What a stranger does must not close the owner's
 * door, so nothing a stranger can fill refuses the owner for long:
 * - the refusing limits are keyed on phone + client (`:phone-ip`) or on the client alone, so one
 *   client's failures never block another client's correct code or password;
 * - a device that signed in to the phone before (a valid known-device cookie, known-device.server)
 *   is counted only in its own bucket (`:phone-device`), whatever happens elsewhere;
 * - the limits shared by every unknown client of a phone (`:phone`) escalate to a stricter captcha
 *   (`captchaAfter`) and refuse only far above it, bounding a guesser spread over many addresses;
 * - the codes one phone is sent are paced rather than capped (codePace): counted from the codes
 *   actually sent, never from requests refused before sending, and a refused requester waits
 *   minutes at most, never an hour.
 * A code also takes at most five wrong tries from one client and OTP_TRIES_PER_CODE in all.
 */
export const authLimits = {
  codeRequestPerPhoneClient: { name: 'otp-request:phone-ip', limit: 5, windowMs: minutes(60) },
  codeRequestPerIp: { name: 'otp-request:ip', limit: 20, windowMs: minutes(60) },
  codeRequestPerPhoneDevice: { name: 'otp-request:phone-device', limit: 5, windowMs: minutes(60) },
  verifyPerPhoneClient: { name: 'otp-verify:phone-ip', limit: 10, windowMs: minutes(15) },
  verifyPerPhone: { name: 'otp-verify:phone', limit: 30, windowMs: minutes(15), captchaAfter: 10 },
  verifyPerIp: { name: 'otp-verify:ip', limit: 60, windowMs: minutes(15) },
  verifyPerPhoneDevice: { name: 'otp-verify:phone-device', limit: 10, windowMs: minutes(15) },
  /** Wrong passwords for one phone from one client (a correct one gives its try back). */
  passwordPerPhoneClient: { name: 'password:phone-ip', limit: 5, windowMs: minutes(15) },
  /** Every unknown device together: at most 50 guesses at one phone's password in 15 minutes. */
  passwordPerPhone: { name: 'password:phone', limit: 50, windowMs: minutes(15), captchaAfter: 10 },
  passwordPerIp: { name: 'password:ip', limit: 30, windowMs: minutes(15) },
  /** A known device of the phone: its own five wrong passwords in 15 minutes, nobody else's. */
  passwordPerPhoneDevice: { name: 'password:phone-device', limit: 5, windowMs: minutes(15) },
  /** Guesses at the current password from a signed-in (perhaps stolen) session. */
  passwordChangePerUser: { name: 'password-change:user', limit: 5, windowMs: minutes(15) },
  registerPerIp: { name: 'register:ip', limit: 10, windowMs: minutes(60) },
  mobileChangePerUser: { name: 'mobile-change:user', limit: 5, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>

/**
 * The pace of codes to one phone (its SMS budget), counted from the codes sent in the last hour:
 * the first `quick` at the resend cooldown (60 s apart), then one every `slowSeconds`. That is at
 * most about 16 messages an hour, and whoever asks in between waits `slowSeconds` at most. From
 * `quick` codes on, an unknown client's request also needs the strict captcha. A known device of
 * the phone is not held to this pace (only to its own cooldown and codeRequestPerPhoneDevice).
 */
export const codePace = {
  windowMs: minutes(60),
  quick: 5,
  slowSeconds: 300,
} as const
export const codePaceSlowMs = seconds(codePace.slowSeconds)

/** Every client together may check one code this many times (five per client). */
export const OTP_TRIES_PER_CODE = 20
