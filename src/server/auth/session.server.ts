import '@tanstack/react-start/server-only'
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, ne, or } from 'drizzle-orm'
import { constants } from '#app-config'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import type { User } from '~/lib/user'
import { days, minutes, now, seconds } from '../clock.server'
import type { DbOrTx } from '../db/client.server'
import { sessions, users } from '../db/schema'
import { HttpError } from '../http/api-errors.server'
import { log } from '../log.server'
import { loadSessionUser } from './auth-user.server'
import { ACCESS_COOKIE, REFRESH_COOKIE, bearerToken, readCookie, type IssuedTokens } from './cookies.server'
import { hashToken, newToken } from './tokens.server'
import { rememberUserLocale } from './user-locale.server'

export interface SessionMeta {
  ip: string
  userAgent: string | null
}

export interface AuthContext {
  user: User
  session: { id: number; familyId: string }
  via: 'cookie' | 'bearer'
}

export interface CreatedSession extends IssuedTokens {
  sessionId: number
  familyId: string
}

/**
 * Two tabs that both saw a 401 send the same refresh token within moments of each other. The
 * second one inside this window gets no new tokens (the first response already set them) but is
 * not treated as theft; later presentations of a replaced token revoke the family.
 */
export const CONCURRENT_REFRESH_GRACE_MS = seconds(10)

/** What a blocked account is told when it tries to sign in (the reason stays with the administrators). */
export const accountBlockedMessage = () => m.server_error_account_blocked()

/** Whether an administrator has blocked the account (no row: not blocked, there is nothing to refuse). */
export async function isUserBlocked(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId))
  return Boolean(row?.blockedAt)
}

/**
 * Issues a token pair: a new family on sign-in, the same family on rotation. Every way of signing
 * in ends here, so a blocked account is refused here, once, with a message the sign-in forms show.
 */
export async function createSession(
  db: DbOrTx,
  userId: number,
  meta: SessionMeta,
  family?: { familyId: string; rotatedFromId: number },
): Promise<CreatedSession> {
  if (await isUserBlocked(db, userId)) throw new HttpError(403, accountBlockedMessage())
  // A sign-in (not a refresh, which may come from an app that sends no language) keeps the
  // language it was made in: our SMS to this user are written in it.
  if (!family) await rememberUserLocale(db, userId, currentLocale())
  const issuedAt = now()
  const accessToken = newToken()
  const refreshToken = newToken()
  const accessExpiresAt = new Date(issuedAt.getTime() + minutes(constants.auth.accessTokenMinutes))
  const refreshExpiresAt = new Date(issuedAt.getTime() + days(constants.auth.refreshTokenDays))
  const familyId = family?.familyId ?? randomUUID()
  const [row] = await db
    .insert(sessions)
    .values({
      familyId,
      userId,
      accessTokenHash: hashToken(accessToken),
      refreshTokenHash: hashToken(refreshToken),
      accessExpiresAt,
      refreshExpiresAt,
      rotatedFromId: family?.rotatedFromId ?? null,
      userAgent: meta.userAgent,
      ip: meta.ip,
      createdAt: issuedAt,
    })
    .returning({ id: sessions.id })
  return { sessionId: row!.id, familyId, accessToken, refreshToken, accessExpiresAt, refreshExpiresAt }
}

export type RotateResult =
  | { kind: 'rotated'; session: CreatedSession; userId: number }
  | { kind: 'concurrent' }
  | { kind: 'invalid'; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

/**
 * Exchanges a refresh token for a new pair. The old pair stops working. A replaced token presented
 * again means it was copied: the whole family (every pair descended from that sign-in) is revoked.
 */
export async function rotateRefreshToken(
  db: DbOrTx,
  refreshToken: string,
  meta: SessionMeta,
  /** Apps hold their own tokens (no cookie jar shared by tabs), so they get no grace: pass 0. */
  graceMs = CONCURRENT_REFRESH_GRACE_MS,
): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const at = now()
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.refreshTokenHash, hashToken(refreshToken)))
      .for('update')
    if (!row) return { kind: 'invalid', reason: 'unknown' } as const
    if (row.revokedAt) return { kind: 'invalid', reason: 'revoked' } as const
    if (row.replacedAt) {
      if (at.getTime() - row.replacedAt.getTime() < graceMs) return { kind: 'concurrent' } as const
      await revokeFamily(tx, row.familyId, 'refresh_token_reuse')
      log().warn(
        { familyId: row.familyId, userId: row.userId },
        'refresh token reused: session family revoked',
      )
      return { kind: 'invalid', reason: 'reused' } as const
    }
    if (row.refreshExpiresAt.getTime() <= at.getTime()) return { kind: 'invalid', reason: 'expired' } as const
    if (await isUserBlocked(tx, row.userId)) {
      await revokeFamily(tx, row.familyId, 'blocked')
      return { kind: 'invalid', reason: 'revoked' } as const
    }
    await tx.update(sessions).set({ replacedAt: at }).where(eq(sessions.id, row.id))
    const session = await createSession(tx, row.userId, meta, {
      familyId: row.familyId,
      rotatedFromId: row.id,
    })
    return { kind: 'rotated', session, userId: row.userId } as const
  })
}

/** Whether a refresh would succeed, without using the token (decides the refresh_expire cookie). */
export async function isRefreshTokenUsable(db: DbOrTx, refreshToken: string | undefined): Promise<boolean> {
  if (!refreshToken) return false
  const [row] = await db
    .select({
      expires: sessions.refreshExpiresAt,
      replacedAt: sessions.replacedAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, hashToken(refreshToken)))
  if (!row || row.revokedAt) return false
  const at = now().getTime()
  if (row.replacedAt) return at - row.replacedAt.getTime() < CONCURRENT_REFRESH_GRACE_MS
  return row.expires.getTime() > at
}

export async function revokeFamily(db: DbOrTx, familyId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)))
}

/** Signs a user out everywhere, optionally keeping the family of the current sign-in. */
export async function revokeUserSessions(db: DbOrTx, userId: number, reason: string, keepFamilyId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepFamilyId ? ne(sessions.familyId, keepFamilyId) : undefined,
      ),
    )
}

/** Logout: revokes the family that either token belongs to, expired or not. Returns its user. */
export async function revokeByTokens(
  db: DbOrTx,
  tokens: { accessToken?: string; refreshToken?: string },
): Promise<number | null> {
  const conditions = [
    tokens.accessToken ? eq(sessions.accessTokenHash, hashToken(tokens.accessToken)) : undefined,
    tokens.refreshToken ? eq(sessions.refreshTokenHash, hashToken(tokens.refreshToken)) : undefined,
  ].filter((c) => c !== undefined)
  if (conditions.length === 0) return null
  const [row] = await db
    .select({ familyId: sessions.familyId, userId: sessions.userId })
    .from(sessions)
    .where(or(...conditions))
    .limit(1)
  if (!row) return null
  await revokeFamily(db, row.familyId, 'logout')
  return row.userId
}

/** The signed-in user of an access token: live only until 390 minutes after issue. */
export async function authenticateAccessToken(
  db: DbOrTx,
  accessToken: string,
  via: AuthContext['via'],
): Promise<AuthContext | null> {
  const found = await loadSessionUser(db, hashToken(accessToken))
  if (!found?.user) return null
  const { session, user } = found
  if (session.revokedAt || session.replacedAt) return null
  if (session.accessExpiresAt.getTime() <= now().getTime()) return null
  return { user, session: { id: session.id, familyId: session.familyId }, via }
}

/** The credentials a request carries. A bearer header wins; cookies are then ignored. */
export function requestTokens(request: Request): {
  accessToken?: string
  refreshToken?: string
  via: AuthContext['via']
} {
  const bearer = bearerToken(request)
  if (bearer) return { accessToken: bearer, via: 'bearer' }
  return {
    accessToken: readCookie(request, ACCESS_COOKIE),
    refreshToken: readCookie(request, REFRESH_COOKIE),
    via: 'cookie',
  }
}

/** Resolves who is calling, from `Authorization: Bearer` or the httpOnly access cookie. */
export async function authenticateRequest(db: DbOrTx, request: Request): Promise<AuthContext | null> {
  const { accessToken, via } = requestTokens(request)
  return accessToken ? authenticateAccessToken(db, accessToken, via) : null
}
