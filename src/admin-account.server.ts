import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { hashPassword } from '~/server/auth/password.server'
import { revokeUserSessions } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { users } from '~/server/db/schema'
import { AUDIT_REASONS } from '~/lib/audit-reasons'
import { demoAccounts, demoPassword } from '~/features/demo/index.server'
import { firstNameSchema, lastNameSchema, phoneSchema } from '~/features/auth/index.server'

/**
 * A real deployment's administrators (issue #35 §2): `npm run admin:create` (scripts/admin-create.ts)
 * creates one, or makes an existing account one, with a password the operator chooses. Production
 * never loads the demo accounts, whose password is published. Beside the app entry rather than in
 * the auth feature: it refuses the demo accounts, and the demo composes the features, auth among them.
 */

export const ADMIN_PASSWORD_MIN = 12

/**
 * Why a password is too weak for an administrator, or null when it will do. Stricter than a
 * buyer's (8 characters): the account sees every seller, order and the audit trail.
 */
export function adminPasswordProblem(password: string, phone?: string): string | null {
  if (password.length < ADMIN_PASSWORD_MIN)
    return `The password must have at least ${ADMIN_PASSWORD_MIN} characters.`
  if (password.length > 128) return 'The password must have at most 128 characters.'
  if (!/\p{L}/u.test(password) || !/\d/.test(password))
    return 'The password must contain at least one letter and one digit.'
  if (new Set(password).size < 5) return 'The password repeats too few different characters.'
  const lowered = password.toLowerCase()
  if (lowered.includes(demoPassword.toLowerCase()) || lowered.includes('omdeh'))
    return 'The password must not contain the demo password or the name of the site.'
  const digits = phone?.replace(/\D/g, '').slice(-10)
  if (digits && password.replace(/\D/g, '').includes(digits))
    return 'The password must not contain the mobile number.'
  return null
}

export interface AdminAccountInput {
  phone: string
  /** Required for a new account; an existing account keeps its name. */
  firstName?: string
  lastName?: string
  /** Required for a new account; for an existing one it replaces the password (and ends its sessions). */
  password?: string
}

export interface AdminAccountResult {
  userId: number
  phone: string
  outcome: 'created' | 'promoted' | 'already_admin'
  passwordChanged: boolean
  /** An administrator blocked the account: it cannot sign in until unblocked. */
  blocked: boolean
}

/** One problem per field, by the field's name (phone, firstName, lastName, password). */
export class AdminAccountInputError extends Error {
  constructor(public readonly problems: Record<string, string>) {
    super(
      Object.entries(problems)
        .map(([field, problem]) => `${field}: ${problem}`)
        .join('\n'),
    )
    this.name = 'AdminAccountInputError'
  }
}

/** The mobile number, as the sign-in form reads it (09…, +989…, Persian digits), in E.164. */
export function parseAdminPhone(input: string): string {
  const phone = v.safeParse(phoneSchema, input)
  if (!phone.success) throw new AdminAccountInputError({ phone: phone.issues[0].message })
  return phone.output
}

/**
 * Creates an administrator, or makes the account of that mobile number one (its password replaced
 * when one is given). One transaction with its audit event (actor: the system, reason: the command
 * line). Refuses a weak password and a demo account's number.
 */
export async function createOrPromoteAdmin(db: Db, input: AdminAccountInput): Promise<AdminAccountResult> {
  const phone = parseAdminPhone(input.phone)
  const problems: Record<string, string> = {}
  if (Object.values(demoAccounts).some((account) => account.cellphone === phone))
    problems.phone = 'This is a demo account’s number (its password is published); choose another.'
  if (input.password !== undefined) {
    const weak = adminPasswordProblem(input.password, phone)
    if (weak) problems.password = weak
  }
  const name = (field: 'firstName' | 'lastName', schema: typeof firstNameSchema, value?: string) => {
    if (value === undefined) return undefined
    const parsed = v.safeParse(schema, value)
    if (parsed.success) return parsed.output
    problems[field] = parsed.issues[0].message
    return undefined
  }
  const firstName = name('firstName', firstNameSchema, input.firstName)
  const lastName = name('lastName', lastNameSchema, input.lastName)
  if (Object.keys(problems).length) throw new AdminAccountInputError(problems)

  // Hashed before the transaction: argon2 takes a while and holds no lock.
  const hash = input.password === undefined ? undefined : await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const at = now()
    const [existing] = await tx
      .select({ id: users.id, isAdmin: users.isAdmin, blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.cellphone, phone))
      .for('update')
    if (!existing) {
      const missing: Record<string, string> = {}
      if (!firstName) missing.firstName = 'Required for a new account.'
      if (!lastName) missing.lastName = 'Required for a new account.'
      if (!hash) missing.password = 'Required for a new account.'
      if (!firstName || !lastName || !hash) throw new AdminAccountInputError(missing)
      const [user] = await tx
        .insert(users)
        .values({
          cellphone: phone,
          firstName,
          lastName,
          passwordHash: hash,
          isAdmin: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: users.id })
      await recordAuditEvent(tx, {
        actorUserId: null,
        action: 'user.admin_create',
        recordType: 'user',
        recordId: user!.id,
        after: { cellphone: phone, is_admin: true, password: 'set' },
        reason: AUDIT_REASONS.commandLine,
      })
      return { userId: user!.id, phone, outcome: 'created', passwordChanged: true, blocked: false }
    }

    if (existing.isAdmin && !hash)
      return {
        userId: existing.id,
        phone,
        outcome: 'already_admin',
        passwordChanged: false,
        blocked: existing.blockedAt !== null,
      }
    await tx
      .update(users)
      .set({ isAdmin: true, ...(hash ? { passwordHash: hash } : {}), updatedAt: at })
      .where(eq(users.id, existing.id))
    // A new password ends every sign-in of the account, as changing it on the profile page does.
    if (hash) await revokeUserSessions(tx, existing.id, 'password_changed')
    await recordAuditEvent(tx, {
      actorUserId: null,
      action: existing.isAdmin ? 'user.password_reset' : 'user.admin_grant',
      recordType: 'user',
      recordId: existing.id,
      before: { is_admin: existing.isAdmin, ...(hash ? { password: 'previous' } : {}) },
      after: { is_admin: true, ...(hash ? { password: 'replaced' } : {}) },
      reason: AUDIT_REASONS.commandLine,
    })
    return {
      userId: existing.id,
      phone,
      outcome: existing.isAdmin ? 'already_admin' : 'promoted',
      passwordChanged: Boolean(hash),
      blocked: existing.blockedAt !== null,
    }
  })
}
