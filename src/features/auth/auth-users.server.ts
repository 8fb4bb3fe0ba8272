import '@tanstack/react-start/server-only'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { users } from '~/server/db/schema'
import { fieldError } from '~/server/http/api-errors.server'
import { m } from '~/lib/messages'

export const EMAIL_TAKEN = () => m.account_email_taken()

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
  if (row) throw fieldError('email', EMAIL_TAKEN())
}
