import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import type { User } from './auth.schemas'
import { loadUser } from '~/server/auth/auth-user.server'
import { requireUser } from '~/server/auth/guards.server'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'
import { revokeUserSessions, type AuthContext, type SessionMeta } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { users } from '~/server/db/schema'
import { fieldError } from '~/server/http/api-errors.server'
import { enforceRateLimits } from '~/server/rate-limit/rate-limit.server'
import { checkCode, consumeCode, issueCode } from './auth-codes.server'
import { AUTH_EVENTS } from './auth-events'
import { maskPhone, trackAuthEvent } from './auth-events.server'
import { authLimits } from './auth-limits.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { EMAIL_TAKEN, assertEmailFree, findUserIdByPhone } from './auth-users.server'
import type {
  ChangePasswordInput,
  CodeSent,
  ConfirmMobileChangeInput,
  RequestMobileChangeInput,
  UpdateProfileInput,
} from './auth.schemas'
import { m } from '~/lib/messages'

/**
 * The signed-in user's own account (/buyer/profile/*). Every operation acts on `auth.user.id`
 * only: no input names a user, so nobody can read or change another account through these.
 */

export const PHONE_TAKEN = () => m.account_phone_taken()
export const SAME_PHONE = () => m.account_same_phone()
export const CURRENT_PASSWORD_WRONG = () => m.account_current_password_wrong()

export function currentUser(auth: AuthContext | null): User {
  return requireUser(auth).user
}

export async function updateProfile(
  db: Db,
  auth: AuthContext | null,
  input: UpdateProfileInput,
): Promise<User> {
  const { user } = requireUser(auth)
  try {
    const updated = await db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email, user.id)
      await tx
        .update(users)
        .set({ firstName: input.first_name, lastName: input.last_name, email: input.email, updatedAt: now() })
        .where(eq(users.id, user.id))
      return (await loadUser(tx, user.id))!
    })
    trackAuthEvent(AUTH_EVENTS.profileUpdated, { userId: user.id })
    return updated
  } catch (error) {
    throw isUniqueViolation(error, 'users_email_key') ? fieldError('email', EMAIL_TAKEN()) : error
  }
}

/**
 * Sets a first password, or changes one (the current one is then required). Every other sign-in
 * of the account is signed out; this one stays.
 */
export async function changePassword(
  db: Db,
  auth: AuthContext | null,
  input: ChangePasswordInput,
): Promise<User> {
  const signedIn = requireUser(auth)
  const userId = signedIn.user.id
  trackAuthEvent(AUTH_EVENTS.passwordUpdateStarted, { userId })
  try {
    await enforceRateLimits(db, [{ rule: authLimits.passwordChangePerUser, subject: String(userId) }])
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId))
    if (row?.hash) {
      if (!input.current_password) throw fieldError('current_password', m.account_current_password_enter())
      if (!(await verifyPassword(row.hash, input.current_password)))
        throw fieldError('current_password', CURRENT_PASSWORD_WRONG())
    }
    const hash = await hashPassword(input.new_password)
    const updated = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash, updatedAt: now() }).where(eq(users.id, userId))
      await revokeUserSessions(tx, userId, 'password_changed', signedIn.session.familyId)
      return (await loadUser(tx, userId))!
    })
    trackAuthEvent(AUTH_EVENTS.passwordUpdateCompleted, { userId })
    return updated
  } catch (error) {
    trackAuthEvent(AUTH_EVENTS.passwordUpdateFailed, { userId, reason: (error as Error).message })
    throw error
  }
}

/** /buyer/profile/mobile, step 1: a code to the new number proves the user holds it. */
export async function requestMobileChangeCode(
  db: Db,
  auth: AuthContext | null,
  input: RequestMobileChangeInput,
  meta: SessionMeta,
): Promise<CodeSent> {
  const { user } = requireUser(auth)
  if (input.phone === user.cellphone) throw fieldError('phone', SAME_PHONE())
  const owner = await findUserIdByPhone(db, input.phone)
  if (owner !== null) throw fieldError('phone', PHONE_TAKEN())
  await enforceRateLimits(db, [{ rule: authLimits.mobileChangePerUser, subject: String(user.id) }])
  const { resend: _resend, ...sent } = await issueCode(
    db,
    { phone: input.phone, purpose: 'change_mobile', userId: user.id },
    input.channel,
    meta.ip,
  )
  return sent
}

/** Step 2: the code moves the account to the new number; other sign-ins are signed out. */
export async function confirmMobileChange(
  db: Db,
  auth: AuthContext | null,
  input: ConfirmMobileChangeInput,
): Promise<User> {
  const signedIn = requireUser(auth)
  const userId = signedIn.user.id
  // The code is bound to this user, so the user is the client its tries are counted for.
  const client = `user:${userId}`
  await enforceRateLimits(db, [
    { rule: authLimits.verifyPerPhoneClient, subject: `${input.phone}:${client}` },
  ])
  const target = { phone: input.phone, purpose: 'change_mobile' as const, userId }
  const codeId = await checkCode(db, target, input.code, client)
  try {
    const updated = await db.transaction(async (tx) => {
      await consumeCode(tx, codeId)
      await tx.update(users).set({ cellphone: input.phone, updatedAt: now() }).where(eq(users.id, userId))
      await revokeUserSessions(tx, userId, 'mobile_changed', signedIn.session.familyId)
      return (await loadUser(tx, userId))!
    })
    trackAuthEvent(AUTH_EVENTS.profileUpdated, { userId, field: 'cellphone', phone: maskPhone(input.phone) })
    return updated
  } catch (error) {
    throw isUniqueViolation(error, 'users_cellphone_key') ? fieldError('phone', PHONE_TAKEN()) : error
  }
}
