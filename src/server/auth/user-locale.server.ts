import '@tanstack/react-start/server-only'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { fallbackLocale, isLocale, type Locale } from '~/lib/i18n'
import { now } from '../clock.server'
import type { DbOrTx } from '../db/client.server'
import { getDb } from '../db/database.server'
import { sessions, users } from '../db/schema'
import { log } from '../log.server'
import { ACCESS_COOKIE, bearerToken, readCookie } from './cookies.server'
import { hashToken } from './tokens.server'

/**
 * The language we write to a user in when they are not the one asking (an SMS about their order,
 * their ticket, their seller account): the one they last chose on the site, else the deployment's
 * default. `null` (no account, as for an invited number) is the default too.
 */
export async function localeOfUser(db: DbOrTx, userId: number | null | undefined): Promise<Locale> {
  if (userId == null) return fallbackLocale()
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId))
  return userLocale(row?.locale)
}

/** A stored `users.locale` as a locale: the deployment's default when none was chosen. */
export const userLocale = (stored: string | null | undefined): Locale =>
  isLocale(stored) ? stored : fallbackLocale()

/** Keeps the language a user signs in with (no write when it is already the one kept). */
export async function rememberUserLocale(db: DbOrTx, userId: number, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), sql`${users.locale} is distinct from ${locale}`))
}

/**
 * `?lang=` switched the language: the signed-in user behind this access token (if it is a live
 * one) keeps the new choice. Returns whether a user's choice changed.
 */
export async function rememberLocaleOfSession(
  db: DbOrTx,
  accessToken: string,
  locale: Locale,
): Promise<boolean> {
  // The same test as authenticateAccessToken (session.server.ts): live, not replaced, not revoked.
  const [session] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.accessTokenHash, hashToken(accessToken)),
        isNull(sessions.revokedAt),
        isNull(sessions.replacedAt),
        gt(sessions.accessExpiresAt, now()),
      ),
    )
  if (!session) return false
  const changed = await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, session.userId), sql`${users.locale} is distinct from ${locale}`))
    .returning({ id: users.id })
  return changed.length > 0
}

/**
 * The app entry's part: a request whose `?lang=` changed the language, made by a signed-in user,
 * keeps the choice for them too (the cookie keeps it for the browser). Never fails the page: a
 * fault here is logged and the page is served as usual.
 */
export async function rememberLocaleOfRequest(request: Request, locale: Locale): Promise<void> {
  // As requestTokens (session.server.ts) reads them: a bearer header wins over the cookie.
  const accessToken = bearerToken(request) ?? readCookie(request, ACCESS_COOKIE)
  if (!accessToken) return
  try {
    await rememberLocaleOfSession(await getDb(), accessToken, locale)
  } catch (error) {
    log().warn({ err: error }, 'could not keep the language chosen by a signed-in user')
  }
}
