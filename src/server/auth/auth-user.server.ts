import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { User } from '~/lib/user'
import type { DbOrTx } from '../db/client.server'
import { sellers, sessions, users } from '../db/schema'

const ownSeller = alias(sellers, 'own_seller')
const pointingSeller = alias(sellers, 'pointing_seller')

/** What a user row and its sellers are read as (one query: `loadUser`, `loadSessionUser`). */
const userColumns = {
  user: users,
  own: { id: ownSeller.id, status: ownSeller.status, displayName: ownSeller.displayName },
  pointing: {
    id: pointingSeller.id,
    status: pointingSeller.status,
    displayName: pointingSeller.displayName,
  },
}

type SellerColumns = {
  id: number | null
  status: (typeof sellers.$inferSelect)['status'] | null
  displayName: string | null
}
type UserRow = { user: typeof users.$inferSelect; own: SellerColumns | null; pointing: SellerColumns | null }

/**
 * The user as the API shows it (spec §3 User), with the seller it acts for: its own seller, or for
 * an observer the pointing seller. One query, run once per authenticated request.
 */
export async function loadUser(db: DbOrTx, userId: number): Promise<User | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(ownSeller, eq(ownSeller.ownerUserId, users.id))
    .leftJoin(pointingSeller, eq(pointingSeller.id, users.pointingSellerId))
    .where(eq(users.id, userId))
    .limit(1)
  return row ? userOf(row) : null
}

/**
 * The session an access token names and its user, in one statement: what every signed-in request
 * reads first (the page's render, each server function, each API call). The caller checks the
 * session's state.
 */
export async function loadSessionUser(db: DbOrTx, accessTokenHash: string) {
  const [row] = await db
    .select({
      session: {
        id: sessions.id,
        familyId: sessions.familyId,
        accessExpiresAt: sessions.accessExpiresAt,
        replacedAt: sessions.replacedAt,
        revokedAt: sessions.revokedAt,
      },
      ...userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(ownSeller, eq(ownSeller.ownerUserId, users.id))
    .leftJoin(pointingSeller, eq(pointingSeller.id, users.pointingSellerId))
    .where(eq(sessions.accessTokenHash, accessTokenHash))
    .limit(1)
  return row ? { session: row.session, user: userOf(row) } : null
}

function userOf({ user, own, pointing }: UserRow): User | null {
  // A blocked account is nobody: its open sessions stop working on their next request.
  if (user.blockedAt) return null
  const seller =
    user.isSeller && own?.id != null ? own : user.isObserver && pointing?.id != null ? pointing : null
  return {
    id: user.id,
    email: user.email,
    cellphone: user.cellphone,
    first_name: user.firstName,
    last_name: user.lastName,
    is_seller: user.isSeller,
    is_observer: user.isObserver,
    pointing_seller_id: user.pointingSellerId,
    is_admin: user.isAdmin,
    has_password: user.passwordHash !== null,
    seller: seller ? { id: seller.id!, status: seller.status!, display_name: seller.displayName! } : null,
  }
}
