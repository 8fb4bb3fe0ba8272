import '@tanstack/react-start/server-only'
import { minutes } from '~/server/clock.server'
import type { RateLimitRule } from '~/server/rate-limit/rate-limit.server'

/**
 * Sign-in rate limits. The per-phone limits stop one number being flooded or guessed at; the
 * per-IP limits stop one client walking through many numbers. A single code also dies after five
 * wrong tries (constants.auth.otpMaxAttempts), whatever these allow.
 */
export const authLimits = {
  codeRequestPerPhone: { name: 'otp-request:phone', limit: 5, windowMs: minutes(60) },
  codeRequestPerIp: { name: 'otp-request:ip', limit: 20, windowMs: minutes(60) },
  verifyPerPhone: { name: 'otp-verify:phone', limit: 10, windowMs: minutes(15) },
  verifyPerIp: { name: 'otp-verify:ip', limit: 60, windowMs: minutes(15) },
  /**
   * Wrong passwords for one phone from one client (a correct one gives its try back), so another
   * client's failures never lock the owner out; the per-phone ceiling bounds a guesser spread over
   * many addresses.
   */
  passwordPerPhoneClient: { name: 'password:phone-ip', limit: 5, windowMs: minutes(15) },
  passwordPerPhone: { name: 'password:phone', limit: 50, windowMs: minutes(15) },
  passwordPerIp: { name: 'password:ip', limit: 30, windowMs: minutes(15) },
  /** Guesses at the current password from a signed-in (perhaps stolen) session. */
  passwordChangePerUser: { name: 'password-change:user', limit: 5, windowMs: minutes(15) },
  registerPerIp: { name: 'register:ip', limit: 10, windowMs: minutes(60) },
  mobileChangePerUser: { name: 'mobile-change:user', limit: 5, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>
