import '@tanstack/react-start/server-only'
import { minutes } from '~/server/clock.server'
import type { RateLimitRule } from '~/server/rate-limit/rate-limit.server'

/**
 * Sign-in rate limits (issue #13 §2). They slow an attacker without locking the owner out:
 * - the refusing limits are keyed on phone + client (`:phone-ip`) or on the client alone, so one
 *   client's failures never block another client's correct code or password;
 * - the limits shared by every client of a phone (`:phone`) first escalate to a stricter captcha
 *   check (`captchaAfter`) and refuse only far above it, bounding a guesser spread over many
 *   addresses and the messages one number can be sent.
 * A code also takes at most five wrong tries from one client and OTP_TRIES_PER_CODE in all.
 */
export const authLimits = {
  codeRequestPerPhoneClient: { name: 'otp-request:phone-ip', limit: 5, windowMs: minutes(60) },
  codeRequestPerPhone: { name: 'otp-request:phone', limit: 15, windowMs: minutes(60), captchaAfter: 5 },
  codeRequestPerIp: { name: 'otp-request:ip', limit: 20, windowMs: minutes(60) },
  verifyPerPhoneClient: { name: 'otp-verify:phone-ip', limit: 10, windowMs: minutes(15) },
  verifyPerPhone: { name: 'otp-verify:phone', limit: 30, windowMs: minutes(15), captchaAfter: 10 },
  verifyPerIp: { name: 'otp-verify:ip', limit: 60, windowMs: minutes(15) },
  /** Wrong passwords for one phone from one client (a correct one gives its try back). */
  passwordPerPhoneClient: { name: 'password:phone-ip', limit: 5, windowMs: minutes(15) },
  passwordPerPhone: { name: 'password:phone', limit: 50, windowMs: minutes(15), captchaAfter: 10 },
  passwordPerIp: { name: 'password:ip', limit: 30, windowMs: minutes(15) },
  /** Guesses at the current password from a signed-in (perhaps stolen) session. */
  passwordChangePerUser: { name: 'password-change:user', limit: 5, windowMs: minutes(15) },
  registerPerIp: { name: 'register:ip', limit: 10, windowMs: minutes(60) },
  mobileChangePerUser: { name: 'mobile-change:user', limit: 5, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>

/** Every client together may check one code this many times (five per client). */
export const OTP_TRIES_PER_CODE = 20
