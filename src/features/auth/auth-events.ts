import type { AnalyticsEventName } from '~/features/analytics'

/**
 * Spec §4 auth analytics events. Client-safe: the server logs them and the pages send them through
 * the analytics module, with the same names, so these must be names the analytics endpoint knows.
 */
export const AUTH_EVENTS = {
  loginStarted: 'auth_login_started',
  otpRequested: 'auth_otp_requested',
  otpResend: 'auth_otp_resend',
  otpVerified: 'auth_otp_verified',
  otpVerificationFailed: 'auth_otp_verification_failed',
  passwordAttempted: 'auth_password_attempted',
  loginCompleted: 'auth_completed',
  loginFailed: 'auth_failed',
  logout: 'auth_logout',
  registerStarted: 'auth_register_started',
  registerCompleted: 'auth_register_completed',
  registerFailed: 'auth_register_failed',
  passwordUpdateStarted: 'auth_password_update_started',
  passwordUpdateCompleted: 'auth_password_update_completed',
  passwordUpdateFailed: 'auth_password_update_failed',
  profileUpdated: 'auth_profile_updated',
} as const satisfies Record<string, AnalyticsEventName>

export type AuthEventName = (typeof AUTH_EVENTS)[keyof typeof AUTH_EVENTS]
