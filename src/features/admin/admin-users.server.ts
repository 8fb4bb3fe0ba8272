import '@tanstack/react-start/server-only'
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import { revokeUserSessions, type AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { orders, sellers, sessions, tickets, users } from '~/server/db/schema'
import { conflict, fieldError, notFound } from '~/server/http/api-errors.server'
import type {
  AccountIdInput,
  AdminUserDetail,
  AdminUserFilters,
  AdminUserList,
  AdminUserRow,
  BlockUserInput,
  EndSessionsInput,
} from './admin.schemas'
import { USERS_PER_PAGE } from './admin.schemas'
import { tehranDayStart } from '~/lib/tehran-time'
import { m } from '~/lib/messages'

export const USER_NOT_FOUND = () => m.server_error_user_not_found()
export const CANNOT_BLOCK_YOURSELF = () => m.server_error_cannot_block_yourself()
const RECENT_SHOWN = 5

const likeAny = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Phone, name or email. A phone is matched on its digits, so "0912 123", "912123" and "+98912123"
 * all find +98912123…; a leading 0 stands for the country code, as Iranians write numbers.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim()
  if (!text) return undefined
  const digits = text.replace(/\D/g, '')
  const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`
  const conditions: SQL[] = [sql`${name} ilike ${likeAny(text)}`, ilike(users.email, likeAny(text))]
  if (digits.length >= 3 && digits.length === text.replace(/[\s+()-]/g, '').length) {
    conditions.push(sql`${users.cellphone} like ${likeAny(digits)}`)
    if (digits.startsWith('0'))
      conditions.push(sql`${users.cellphone} like ${likeAny(`98${digits.slice(1)}`)}`)
  }
  return or(...conditions)
}

function roleCondition(role: AdminUserFilters['role']): SQL | undefined {
  switch (role) {
    case 'buyer':
      return and(eq(users.isSeller, false), eq(users.isObserver, false), eq(users.isAdmin, false))
    case 'seller':
      return eq(users.isSeller, true)
    case 'observer':
      return eq(users.isObserver, true)
    case 'admin':
      return eq(users.isAdmin, true)
    case 'blocked':
      return isNotNull(users.blockedAt)
    default:
      return undefined
  }
}

type UserRecord = typeof users.$inferSelect

const nameOf = (u: Pick<UserRecord, 'firstName' | 'lastName' | 'cellphone'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.cellphone

function rowOf(u: UserRecord): AdminUserRow {
  const roles: AdminUserRow['roles'] = []
  if (u.isAdmin) roles.push('admin')
  if (u.isSeller) roles.push('seller')
  if (u.isObserver) roles.push('observer')
  if (roles.length === 0) roles.push('buyer')
  return {
    id: u.id,
    name: nameOf(u),
    cellphone: u.cellphone,
    email: u.email,
    roles,
    blocked: u.blockedAt !== null,
    created_at: u.createdAt.toISOString(),
  }
}

/** /admin/users: newest first, filtered and paged on the server. */
export async function listUsers(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: AdminUserFilters,
): Promise<AdminUserList> {
  requireAdmin(auth)
  const page = filters.page ?? 1
  const perPage = filters.per_page ?? USERS_PER_PAGE
  const where = and(
    filters.q ? searchCondition(filters.q) : undefined,
    roleCondition(filters.role),
    filters.since ? gte(users.createdAt, tehranDayStart(filters.since)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { items: rows.map(rowOf), total: total?.n ?? 0, page, per_page: perPage }
}

async function findUser(db: DbOrTx, id: number, lock = false): Promise<UserRecord> {
  const query = db.select().from(users).where(eq(users.id, id))
  const [user] = lock ? await query.for('update') : await query
  if (!user) throw notFound(USER_NOT_FOUND())
  return user
}

/** The sign-ins still able to act: not ended, not replaced by a refresh, refresh not expired. */
const liveSession = (userId: number) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    isNull(sessions.replacedAt),
    gt(sessions.refreshExpiresAt, now()),
  )

/** /admin/users/{id}: who the user is, what they do here, and where they are signed in. */
export async function getUserDetail(
  db: DbOrTx,
  auth: AuthContext | null,
  input: AccountIdInput,
): Promise<AdminUserDetail> {
  const admin = requireAdmin(auth)
  const user = await findUser(db, input.account_id)
  const [own, observes, orderRows, [orderTotal], ticketRows, [ticketTotal], live] = await Promise.all([
    db
      .select({ id: sellers.id, display_name: sellers.displayName, status: sellers.status })
      .from(sellers)
      .where(eq(sellers.ownerUserId, user.id)),
    user.isObserver && user.pointingSellerId !== null
      ? db
          .select({ id: sellers.id, display_name: sellers.displayName, status: sellers.status })
          .from(sellers)
          .where(eq(sellers.id, user.pointingSellerId))
      : Promise.resolve([]),
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        createdAt: orders.createdAt,
        sellerName: sellers.displayName,
      })
      .from(orders)
      .innerJoin(sellers, eq(sellers.id, orders.sellerId))
      .where(eq(orders.buyerUserId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_SHOWN),
    db.select({ n: count() }).from(orders).where(eq(orders.buyerUserId, user.id)),
    db
      .select({
        id: tickets.id,
        subject: tickets.subject,
        status: tickets.status,
        createdAt: tickets.createdAt,
      })
      .from(tickets)
      .where(eq(tickets.userId, user.id))
      .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
      .limit(RECENT_SHOWN),
    db.select({ n: count() }).from(tickets).where(eq(tickets.userId, user.id)),
    db
      .select({
        id: sessions.id,
        familyId: sessions.familyId,
        createdAt: sessions.createdAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        refreshExpiresAt: sessions.refreshExpiresAt,
      })
      .from(sessions)
      .where(liveSession(user.id))
      .orderBy(desc(sessions.createdAt)),
  ])
  // A sign-in's rows share a family; its first row says when the user signed in.
  const families = live.map((s) => s.familyId)
  const starts = families.length
    ? await db
        .select({ familyId: sessions.familyId, first: sql<string>`min(${sessions.createdAt})` })
        .from(sessions)
        .where(inArray(sessions.familyId, families))
        .groupBy(sessions.familyId)
    : []
  const startOf = new Map(starts.map((s) => [s.familyId, new Date(s.first).toISOString()]))
  return {
    ...rowOf(user),
    first_name: user.firstName,
    last_name: user.lastName,
    blocked_at: user.blockedAt?.toISOString() ?? null,
    blocked_reason: user.blockedReason,
    has_password: user.passwordHash !== null,
    own_seller: own[0] ?? null,
    observes: observes[0] ?? null,
    orders: {
      total: orderTotal?.n ?? 0,
      recent: orderRows.map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        total: o.total,
        currency: o.currency,
        created_at: o.createdAt.toISOString(),
        seller_name: o.sellerName,
      })),
    },
    tickets: {
      total: ticketTotal?.n ?? 0,
      recent: ticketRows.map((t) => ({
        id: t.id,
        subject: t.subject,
        status: t.status,
        created_at: t.createdAt.toISOString(),
      })),
    },
    sessions: live.map((s) => ({
      id: s.id,
      created_at: startOf.get(s.familyId) ?? s.createdAt.toISOString(),
      last_issued_at: s.createdAt.toISOString(),
      user_agent: s.userAgent,
      ip: s.ip,
      expires_at: s.refreshExpiresAt.toISOString(),
    })),
    is_you: user.id === admin.user.id,
  }
}

/** The user's own seller, so the audit log's seller filter finds what was done to its owner. */
async function ownSellerId(tx: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.ownerUserId, userId))
  return row?.id ?? null
}

async function countLiveSessions(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(sessions).where(liveSession(userId))
  return row?.n ?? 0
}

/**
 * Blocks an account: every session it holds ends now (its next request is refused) and sign-in is
 * refused from then on. One transaction with its audit event.
 */
export async function blockUser(
  db: Db,
  auth: AuthContext | null,
  input: BlockUserInput,
): Promise<AdminUserRow> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    const user = await findUser(tx, input.account_id, true)
    if (user.id === admin.user.id) throw fieldError('account_id', CANNOT_BLOCK_YOURSELF())
    if (user.blockedAt) throw conflict(m.server_error_already_blocked())
    const at = now()
    const sessionsBefore = await countLiveSessions(tx, user.id)
    const [updated] = await tx
      .update(users)
      .set({ blockedAt: at, blockedReason: input.reason, updatedAt: at })
      .where(eq(users.id, user.id))
      .returning()
    await revokeUserSessions(tx, user.id, 'blocked')
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: await ownSellerId(tx, user.id),
      action: 'user.block',
      recordType: 'user',
      recordId: user.id,
      before: { blocked: false, blocked_reason: user.blockedReason, live_sessions: sessionsBefore },
      after: { blocked: true, blocked_reason: input.reason, live_sessions: 0 },
      reason: input.reason,
    })
    return rowOf(updated!)
  })
}

/** Lets a blocked account sign in again (its ended sessions stay ended). */
export async function unblockUser(
  db: Db,
  auth: AuthContext | null,
  input: BlockUserInput,
): Promise<AdminUserRow> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    const user = await findUser(tx, input.account_id, true)
    if (!user.blockedAt) throw conflict(m.server_error_not_blocked())
    const at = now()
    const [updated] = await tx
      .update(users)
      .set({ blockedAt: null, blockedReason: null, updatedAt: at })
      .where(eq(users.id, user.id))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: await ownSellerId(tx, user.id),
      action: 'user.unblock',
      recordType: 'user',
      recordId: user.id,
      before: { blocked: true, blocked_reason: user.blockedReason },
      after: { blocked: false, blocked_reason: null },
      reason: input.reason,
    })
    return rowOf(updated!)
  })
}

/**
 * Signs the user out everywhere. An administrator doing it to their own account keeps the sign-in
 * they are using (they meant "my other devices").
 */
export async function endUserSessions(
  db: Db,
  auth: AuthContext | null,
  input: EndSessionsInput,
): Promise<{ ended: number }> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    const user = await findUser(tx, input.account_id, true)
    const keep = user.id === admin.user.id ? admin.session.familyId : undefined
    const before = await countLiveSessions(tx, user.id)
    await revokeUserSessions(tx, user.id, 'ended_by_admin', keep)
    const after = await countLiveSessions(tx, user.id)
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: await ownSellerId(tx, user.id),
      action: 'user.sessions_end',
      recordType: 'user',
      recordId: user.id,
      before: { live_sessions: before },
      after: { live_sessions: after },
      reason: input.reason ?? null,
    })
    return { ended: before - after }
  })
}
