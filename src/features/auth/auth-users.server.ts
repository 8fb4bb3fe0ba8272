import '@tanstack/react-start/server-only'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { users } from '~/server/db/schema'
import { fieldError } from '~/server/http/api-errors.server'

/** Whether `error` is a unique violation of `constraint` (postgres-js and PGlite word it differently). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const {
      code,
      constraint_name,
      constraint: name,
    } = e as { code?: string; constraint_name?: string; constraint?: string }
    if (code === '23505' && (constraint_name ?? name) === constraint) return true
    if (e === (e as { cause?: unknown }).cause) break
  }
  return false
}

export const EMAIL_TAKEN = 'This email is already in use'

export async function findUserIdByPhone(db: DbOrTx, phone: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.cellphone, phone))
  return row?.id ?? null
}

/** 422 on the email field when another account uses the address (the race is caught on insert). */
export async function assertEmailFree(
  db: DbOrTx,
  email: string | null,
  exceptUserId?: number,
): Promise<void> {
  if (!email) return
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, exceptUserId ? ne(users.id, exceptUserId) : undefined))
  if (row) throw fieldError('email', EMAIL_TAKEN)
}
