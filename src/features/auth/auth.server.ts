import '@tanstack/react-start/server-only'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { User } from './auth.schemas'
import { runAccountCreatedHooks } from './account-hooks.server'
import { loadUser } from '~/server/auth/auth-user.server'
import { verifyPassword } from '~/server/auth/password.server'
import {
  createSession,
  revokeByTokens,
  type CreatedSession,
  type SessionMeta,
} from '~/server/auth/session.server'
import { hashToken, newToken } from '~/server/auth/tokens.server'
import { minutes, now } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { registrationTickets, users } from '~/server/db/schema'
import { HttpError, conflict, fieldError } from '~/server/http/api-errors.server'
import type { CaptchaVerifier } from '~/server/providers/captcha/captcha.server'
import {
  captchaEscalated,
  enforceRateLimits,
  rateLimitWait,
  refundRateLimit,
  type RateLimitRule,
} from '~/server/rate-limit/rate-limit.server'
import { checkCode, consumeCode, issueCode, phoneCodesSlowed, recentCodesTo } from './auth-codes.server'
import { AUTH_EVENTS } from './auth-events'
import { maskPhone, trackAuthEvent } from './auth-events.server'
import { authLimits } from './auth-limits.server'
import { knownDeviceFor } from './known-device.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { EMAIL_TAKEN, assertEmailFree, findUserIdByPhone } from './auth-users.server'
import type {
  CodeSent,
  PasswordSignInInput,
  RegisterInput,
  RequestCodeInput,
  VerifyCodeInput,
} from './auth.schemas'
import { m } from '~/lib/messages'
import { plainNumber } from './auth-format'

/** Sign-in operations. Each validates nothing itself (inputs arrive parsed) and runs one transaction. */

export interface SignedIn {
  kind: 'signed_in'
  user: User
  session: CreatedSession
}
export interface NeedsRegistration {
  kind: 'needs_registration'
  phone: string
  /** Single use, for `register`, valid REGISTRATION_MINUTES. */
  ticket: string
  expires_in: number
}

export const REGISTRATION_MINUTES = 15
export const CAPTCHA_FAILED = () => m.account_captcha_failed()
export const WRONG_PASSWORD = () => m.account_wrong_password()
export const TICKET_INVALID = () => m.account_verification_expired()

const wait = (seconds: number) => m.server_error_too_many_attempts({ seconds: plainNumber(seconds) })

/** A sign-in request's client: its address, and the known-device cookie it carried. */
export interface SignInMeta extends SessionMeta {
  /** The raw `known_device` cookie (known-device.server), if any. */
  knownDevice?: string
}

export type SignInStep = 'code' | 'verify' | 'password'

type Check = { rule: RateLimitRule; subject: string }

/**
 * The limits one sign-in step counts for this client and phone. A known device of the phone
 * (issue #35) is counted in its own bucket only: strangers elsewhere, or behind the same address,
 * cannot fill it. Any other client counts per phone and address, per address, and (code checks,
 * passwords) in the phone's shared bucket of unknown devices.
 */
function signInLimits(
  step: SignInStep,
  phone: string,
  meta: SignInMeta,
): { device: string | null; checks: Check[] } {
  const device = knownDeviceFor(meta.knownDevice, phone)
  const own = `${phone}:${meta.ip}`
  if (device) {
    const rule = {
      code: authLimits.codeRequestPerPhoneDevice,
      verify: authLimits.verifyPerPhoneDevice,
      password: authLimits.passwordPerPhoneDevice,
    }[step]
    return { device, checks: [{ rule, subject: `${phone}:${device}` }] }
  }
  const checks: Record<SignInStep, Check[]> = {
    // The phone's share of code requests is its pace of codes actually sent (issueCode).
    code: [
      { rule: authLimits.codeRequestPerPhoneClient, subject: own },
      { rule: authLimits.codeRequestPerIp, subject: meta.ip },
    ],
    verify: [
      { rule: authLimits.verifyPerPhoneClient, subject: own },
      { rule: authLimits.verifyPerPhone, subject: phone },
      { rule: authLimits.verifyPerIp, subject: meta.ip },
    ],
    password: [
      { rule: authLimits.passwordPerPhoneClient, subject: own },
      { rule: authLimits.passwordPerPhone, subject: phone },
      { rule: authLimits.passwordPerIp, subject: meta.ip },
    ],
  }
  return { device: null, checks: checks[step] }
}

/**
 * Seconds until this client may try `step` for `phone` again (0: now), counting nothing: the 429
 * page's "Try again" asks this before it gives the form back.
 */
export async function signInLockWait(
  db: Db,
  step: SignInStep,
  phone: string,
  meta: SignInMeta,
): Promise<number> {
  return rateLimitWait(db, signInLimits(step, phone, meta).checks)
}

/**
 * The captcha (action `login`) at the level the shared limits call for, then a hit on every
 * limit. A failed captcha counts nothing; a token is single-use, so the level is decided first.
 */
async function passSignInGuards(
  db: Db,
  checks: ReadonlyArray<Check>,
  captcha: { verifier: CaptchaVerifier; token: string | undefined; ip: string; always: boolean },
  alreadyEscalated = false,
): Promise<void> {
  const escalated = alreadyEscalated || (await captchaEscalated(db, checks))
  if (captcha.always || escalated) {
    const passed = await captcha.verifier.verify({
      token: captcha.token,
      action: 'login',
      ip: captcha.ip,
      strict: escalated,
    })
    if (!passed) throw fieldError('captcha_token', CAPTCHA_FAILED())
  }
  await enforceRateLimits(db, checks, wait)
}

/** /auth: captcha, rate limits, then a 6-digit code by SMS or WhatsApp (at the phone's pace). */
export async function requestLoginCode(
  db: Db,
  input: RequestCodeInput,
  meta: SignInMeta,
  captcha: CaptchaVerifier,
): Promise<CodeSent> {
  const { device, checks } = signInLimits('code', input.phone, meta)
  // Past the phone's quick codes this hour, an unknown client needs the strict captcha too.
  const slowed = !device && phoneCodesSlowed(await recentCodesTo(db, input.phone, 'login'))
  await passSignInGuards(
    db,
    checks,
    { verifier: captcha, token: input.captcha_token, ip: meta.ip, always: true },
    slowed,
  )
  const sent = await issueCode(db, { phone: input.phone, purpose: 'login' }, input.channel, meta.ip, {
    pacedByPhone: !device,
  })
  const props = { phone: maskPhone(input.phone), channel: input.channel }
  if (!sent.resend) trackAuthEvent(AUTH_EVENTS.loginStarted, { ...props, method: 'otp' })
  trackAuthEvent(sent.resend ? AUTH_EVENTS.otpResend : AUTH_EVENTS.otpRequested, props)
  const { resend: _resend, ...reply } = sent
  return reply
}

/** /auth/verify: a known phone is signed in; a new phone gets a registration ticket. */
export async function verifyLoginCode(
  db: Db,
  input: VerifyCodeInput,
  meta: SignInMeta,
  captcha: CaptchaVerifier,
): Promise<SignedIn | NeedsRegistration> {
  const { device, checks } = signInLimits('verify', input.phone, meta)
  await passSignInGuards(db, checks, {
    verifier: captcha,
    token: input.captcha_token,
    ip: meta.ip,
    always: false,
  })
  const target = { phone: input.phone, purpose: 'login' as const }
  // A known device's five tries at a code are its own, not its address's.
  const client = device ? `device:${device}` : meta.ip
  const codeId = await checkCode(db, target, input.code, client).catch((error: unknown) => {
    trackAuthEvent(AUTH_EVENTS.otpVerificationFailed, {
      phone: maskPhone(input.phone),
      reason: (error as Error).message,
    })
    throw error
  })
  const result = await db.transaction(async (tx): Promise<SignedIn | NeedsRegistration> => {
    await consumeCode(tx, codeId)
    const userId = await findUserIdByPhone(tx, input.phone)
    if (userId !== null) {
      const session = await createSession(tx, userId, meta)
      return { kind: 'signed_in', user: (await loadUser(tx, userId))!, session }
    }
    const ticket = newToken()
    const at = now()
    await tx.insert(registrationTickets).values({
      phone: input.phone,
      tokenHash: hashToken(ticket),
      expiresAt: new Date(at.getTime() + minutes(REGISTRATION_MINUTES)),
      createdAt: at,
    })
    return { kind: 'needs_registration', phone: input.phone, ticket, expires_in: REGISTRATION_MINUTES * 60 }
  })
  trackAuthEvent(AUTH_EVENTS.otpVerified, { phone: maskPhone(input.phone) })
  if (result.kind === 'signed_in')
    trackAuthEvent(AUTH_EVENTS.loginCompleted, { userId: result.user.id, method: 'otp' })
  else trackAuthEvent(AUTH_EVENTS.registerStarted, { phone: maskPhone(input.phone) })
  return result
}

/** The registration step after a new phone's code: names, optional email, then signed in. */
export async function registerAccount(db: Db, input: RegisterInput, meta: SessionMeta): Promise<SignedIn> {
  await enforceRateLimits(db, [{ rule: authLimits.registerPerIp, subject: meta.ip }], wait)
  try {
    const result = await db.transaction(async (tx): Promise<SignedIn> => {
      const at = now()
      const [ticket] = await tx
        .update(registrationTickets)
        .set({ usedAt: at })
        .where(
          and(
            eq(registrationTickets.tokenHash, hashToken(input.ticket)),
            isNull(registrationTickets.usedAt),
            gt(registrationTickets.expiresAt, at),
          ),
        )
        .returning({ phone: registrationTickets.phone })
      if (!ticket) throw new HttpError(401, TICKET_INVALID(), { ticket: [TICKET_INVALID()] })
      if ((await findUserIdByPhone(tx, ticket.phone)) !== null) throw conflict(m.account_phone_has_account())
      await assertEmailFree(tx, input.email)
      const [user] = await tx
        .insert(users)
        .values({
          cellphone: ticket.phone,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: users.id })
      await runAccountCreatedHooks(tx, { id: user!.id, cellphone: ticket.phone })
      const session = await createSession(tx, user!.id, meta)
      return { kind: 'signed_in', user: (await loadUser(tx, user!.id))!, session }
    })
    trackAuthEvent(AUTH_EVENTS.registerCompleted, { userId: result.user.id })
    trackAuthEvent(AUTH_EVENTS.loginCompleted, { userId: result.user.id, method: 'otp' })
    return result
  } catch (error) {
    const mapped = isUniqueViolation(error, 'users_email_key')
      ? fieldError('email', EMAIL_TAKEN())
      : isUniqueViolation(error, 'users_cellphone_key')
        ? conflict(m.account_phone_has_account())
        : error
    trackAuthEvent(AUTH_EVENTS.registerFailed, { reason: (mapped as Error).message })
    throw mapped
  }
}

/** Phone + password. Unknown phone, no password and wrong password all answer the same. */
export async function passwordSignIn(
  db: Db,
  input: PasswordSignInInput,
  meta: SignInMeta,
  captcha: CaptchaVerifier,
): Promise<SignedIn> {
  const { checks: limits } = signInLimits('password', input.phone, meta)
  await passSignInGuards(db, limits, {
    verifier: captcha,
    token: input.captcha_token,
    ip: meta.ip,
    always: false,
  })
  trackAuthEvent(AUTH_EVENTS.passwordAttempted, { phone: maskPhone(input.phone) })
  const [row] = await db
    .select({ id: users.id, hash: users.passwordHash })
    .from(users)
    .where(eq(users.cellphone, input.phone))
  if (!(await verifyPassword(row?.hash ?? null, input.password)) || !row) {
    trackAuthEvent(AUTH_EVENTS.loginFailed, { phone: maskPhone(input.phone), method: 'password' })
    throw new HttpError(401, WRONG_PASSWORD(), { password: [WRONG_PASSWORD()] })
  }
  const result = await db.transaction(async (tx): Promise<SignedIn> => {
    const session = await createSession(tx, row.id, meta)
    // The owner's correct password does not use up the allowance meant for wrong guesses.
    for (const { rule, subject } of limits) await refundRateLimit(tx, rule, subject)
    return { kind: 'signed_in', user: (await loadUser(tx, row.id))!, session }
  })
  trackAuthEvent(AUTH_EVENTS.loginCompleted, { userId: row.id, method: 'password' })
  return result
}

/** Logout: revokes the session family the tokens belong to. Idempotent. */
export async function signOut(
  db: Db,
  tokens: { accessToken?: string; refreshToken?: string },
): Promise<void> {
  const userId = await revokeByTokens(db, tokens)
  if (userId !== null) trackAuthEvent(AUTH_EVENTS.logout, { userId })
}
