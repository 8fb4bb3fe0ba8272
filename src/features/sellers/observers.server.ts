import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { assertPlanAllows, planLimitStatus } from '~/features/plans/index.server'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { approvedSellerMessage, isApprovedSeller } from '~/lib/auth-access'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { isUniqueViolation } from '~/server/db/db-errors.server'
import { requireSeller, type SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { minutes, now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { observerInvitations, sellers, users } from '~/server/db/schema'
import { conflict, fieldError, forbidden, notFound } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { queueMessageToNumber, queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { enforceRateLimits, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import {
  INVITATIONS_PER_HOUR,
  MAX_OBSERVERS_PER_SELLER,
  ONLY_OWNER_MANAGES_OBSERVERS,
  type CancelInvitationInput,
  type InviteObserverInput,
  type InviteResult,
  type Observer,
  type ObserversOverview,
  type PendingInvitation,
  type RemoveObserverInput,
} from './observers.schemas'

export const observerLimits = {
  invitePerSeller: { name: 'observer-invite:seller', limit: INVITATIONS_PER_HOUR, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>

export const CANNOT_INVITE_SELF = () => m.content_err_cannot_invite_self()
export const TARGET_IS_SELLER = () => m.content_err_target_is_seller()
export const TARGET_IS_ADMIN = () => m.content_err_target_is_admin()
export const ALREADY_YOUR_OBSERVER = () => m.content_err_already_your_observer()
export const OBSERVES_ANOTHER_SELLER = () => m.content_err_observes_another_seller()
export const ALREADY_INVITED_BY_YOU = () => m.content_err_already_invited_by_you()
export const INVITED_BY_ANOTHER_SELLER = () => m.content_err_invited_by_another_seller()
export const TOO_MANY_OBSERVERS = () =>
  m.content_err_too_many_observers({ max: formatNumber(MAX_OBSERVERS_PER_SELLER) })
const tooManyInvitations = (seconds: number) =>
  m.content_err_too_many_invitations({ minutes: formatNumber(Math.ceil(seconds / 60)) })

/**
 * Only the owner of an approved seller manages observers (DOMAIN.md: observers cannot change
 * observers). Approved only: the spec keeps an unapproved seller to /seller and /seller/profile,
 * and an unvetted account must not be able to send invitation texts to arbitrary numbers.
 */
function requireObserverManager(auth: AuthContext | null): SellerActor {
  const actor = requireSeller(auth, { allowObserver: true })
  if (actor.role !== 'owner') throw forbidden(ONLY_OWNER_MANAGES_OBSERVERS())
  if (!isApprovedSeller(actor.auth.user)) throw forbidden(approvedSellerMessage())
  return actor
}

/**
 * Serialises everything that decides a number's observer fate (an invitation, a registration):
 * without it an invitation written while the same number registers could be left pending forever.
 */
async function lockCellphone(tx: DbOrTx, cellphone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`observer-invitation:${cellphone}`}))`)
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The seller's observers (with the date each was added) and its pending invitations, newest first. */
async function readOverview(db: DbOrTx, sellerId: number): Promise<ObserversOverview> {
  const [people, invitations] = await Promise.all([
    db
      .select({
        user_id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        cellphone: users.cellphone,
      })
      .from(users)
      .where(and(eq(users.isObserver, true), eq(users.pointingSellerId, sellerId))),
    db
      .select()
      .from(observerInvitations)
      .where(eq(observerInvitations.sellerId, sellerId))
      .orderBy(desc(observerInvitations.createdAt), desc(observerInvitations.id)),
  ])
  const since = new Map<number, Date>()
  // Newest first: the first accepted invitation seen for a user is the one in force.
  for (const invitation of invitations) {
    if (invitation.acceptedAt && invitation.acceptedUserId !== null && !since.has(invitation.acceptedUserId))
      since.set(invitation.acceptedUserId, invitation.acceptedAt)
  }
  const observers: Observer[] = people
    .map((person) => ({ ...person, since: iso(since.get(person.user_id) ?? null) }))
    .sort((a, b) => (b.since ?? '').localeCompare(a.since ?? '') || b.user_id - a.user_id)
  const pending: PendingInvitation[] = invitations
    .filter((invitation) => !invitation.acceptedAt)
    .map((invitation) => ({
      id: invitation.id,
      cellphone: invitation.cellphone,
      created_at: invitation.createdAt.toISOString(),
    }))
  const plan = await planLimitStatus(db, sellerId, 'observers')
  const limit = Math.min(MAX_OBSERVERS_PER_SELLER, plan.limit ?? MAX_OBSERVERS_PER_SELLER)
  return { observers, invitations: pending, limit, planReason: plan.allowed ? null : plan.reason }
}

export async function listObservers(db: DbOrTx, auth: AuthContext | null): Promise<ObserversOverview> {
  const actor = requireObserverManager(auth)
  return readOverview(db, actor.sellerId)
}

async function countSeats(tx: DbOrTx, sellerId: number): Promise<number> {
  const [[observers], [pending]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isObserver, true), eq(users.pointingSellerId, sellerId))),
    tx
      .select({ n: count() })
      .from(observerInvitations)
      .where(and(eq(observerInvitations.sellerId, sellerId), isNull(observerInvitations.acceptedAt))),
  ])
  return (observers?.n ?? 0) + (pending?.n ?? 0)
}

const addedMessage = (sellerName: string) =>
  m.server_sms_observer_added({
    seller: sellerName,
    brand: constants.brand.name,
    url: `${serverConfig().publicSiteUrl}/seller`,
  })

const invitedMessage = (sellerName: string) =>
  m.server_sms_observer_invited({
    seller: sellerName,
    brand: constants.brand.name,
    url: `${serverConfig().publicSiteUrl}/auth`,
  })

/**
 * Invites a cellphone. An existing user who may observe becomes an observer at once; a number
 * without an account gets a pending invitation that its registration applies. Either way the
 * number is told by SMS, in the same transaction. Every attempt counts against the seller's
 * hourly limit, refusals too: each refusal tells something about a number.
 */
export async function inviteObserver(
  db: Db,
  auth: AuthContext | null,
  input: InviteObserverInput,
): Promise<InviteResult> {
  const actor = requireObserverManager(auth)
  if (input.cellphone === actor.auth.user.cellphone) throw fieldError('cellphone', CANNOT_INVITE_SELF())
  await enforceRateLimits(
    db,
    [{ rule: observerLimits.invitePerSeller, subject: String(actor.sellerId) }],
    tooManyInvitations,
  )
  try {
    const result = await db.transaction(async (tx): Promise<InviteResult> => {
      // One seller's invitations in turn: two at once cannot both take the last seat.
      const [seller] = await tx
        .select({ id: sellers.id, displayName: sellers.displayName })
        .from(sellers)
        .where(eq(sellers.id, actor.sellerId))
        .for('update')
      if (!seller) throw notFound(m.content_err_seller_not_found())
      await lockCellphone(tx, input.cellphone)
      const [target] = await tx.select().from(users).where(eq(users.cellphone, input.cellphone)).for('update')
      if (target) {
        if (target.id === actor.auth.user.id) throw fieldError('cellphone', CANNOT_INVITE_SELF())
        if (target.isAdmin) throw fieldError('cellphone', TARGET_IS_ADMIN())
        if (target.isSeller) throw fieldError('cellphone', TARGET_IS_SELLER())
        if (target.isObserver && target.pointingSellerId !== null)
          throw fieldError(
            'cellphone',
            target.pointingSellerId === seller.id ? ALREADY_YOUR_OBSERVER() : OBSERVES_ANOTHER_SELLER(),
          )
      } else {
        const [pending] = await tx
          .select({ sellerId: observerInvitations.sellerId })
          .from(observerInvitations)
          .where(
            and(eq(observerInvitations.cellphone, input.cellphone), isNull(observerInvitations.acceptedAt)),
          )
        if (pending)
          throw fieldError(
            'cellphone',
            pending.sellerId === seller.id ? ALREADY_INVITED_BY_YOU() : INVITED_BY_ANOTHER_SELLER(),
          )
      }
      if ((await countSeats(tx, seller.id)) >= MAX_OBSERVERS_PER_SELLER) throw conflict(TOO_MANY_OBSERVERS())
      await assertPlanAllows(tx, seller.id, 'observers')
      const at = now()
      if (target) {
        await tx
          .update(users)
          .set({ isObserver: true, pointingSellerId: seller.id, updatedAt: at })
          .where(eq(users.id, target.id))
        // Written already accepted: it dates "observer since" and keeps who added whom.
        await tx.insert(observerInvitations).values({
          sellerId: seller.id,
          cellphone: input.cellphone,
          createdAt: at,
          acceptedAt: at,
          acceptedUserId: target.id,
        })
        await recordAuditEvent(tx, {
          actorUserId: actor.auth.user.id,
          sellerId: seller.id,
          action: 'observer.add',
          recordType: 'user',
          recordId: target.id,
          before: { cellphone: target.cellphone, isObserver: target.isObserver, pointingSellerId: null },
          after: { cellphone: target.cellphone, isObserver: true, pointingSellerId: seller.id },
        })
        await queueMessageToUser(tx, target.id, () => addedMessage(seller.displayName))
        return {
          kind: 'added',
          observer: {
            user_id: target.id,
            first_name: target.firstName,
            last_name: target.lastName,
            cellphone: target.cellphone,
            since: at.toISOString(),
          },
        }
      }
      const [invitation] = await tx
        .insert(observerInvitations)
        .values({ sellerId: seller.id, cellphone: input.cellphone, createdAt: at })
        .returning()
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: seller.id,
        action: 'observer.invite',
        recordType: 'observer_invitation',
        recordId: invitation!.id,
        after: { cellphone: invitation!.cellphone },
      })
      await queueMessageToNumber(tx, input.cellphone, () => invitedMessage(seller.displayName))
      return {
        kind: 'invited',
        invitation: {
          id: invitation!.id,
          cellphone: invitation!.cellphone,
          created_at: invitation!.createdAt.toISOString(),
        },
      }
    })
    log().info({ sellerId: actor.sellerId, kind: result.kind }, 'observer invited')
    return result
  } catch (error) {
    // The advisory lock makes this unreachable in practice; the index is the last word.
    if (isUniqueViolation(error, 'observer_invitations_one_pending_per_cellphone'))
      throw fieldError('cellphone', INVITED_BY_ANOTHER_SELLER())
    throw error
  }
}

/**
 * Takes an observer's access away. Sessions carry no roles (each request loads the user afresh),
 * so the removed observer's very next request is refused the seller's data.
 */
export async function removeObserver(
  db: DbOrTx,
  auth: AuthContext | null,
  input: RemoveObserverInput,
): Promise<{ user_id: number }> {
  const actor = requireObserverManager(auth)
  const row = await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(users)
      .set({ isObserver: false, pointingSellerId: null, updatedAt: now() })
      .where(
        and(
          eq(users.id, input.user_id),
          eq(users.isObserver, true),
          eq(users.pointingSellerId, actor.sellerId),
        ),
      )
      .returning({ id: users.id, cellphone: users.cellphone })
    if (!removed) throw notFound(m.content_err_observer_not_found())
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'observer.remove',
      recordType: 'user',
      recordId: removed.id,
      before: { cellphone: removed.cellphone, isObserver: true, pointingSellerId: actor.sellerId },
      after: { cellphone: removed.cellphone, isObserver: false, pointingSellerId: null },
    })
    return removed
  })
  log().info({ sellerId: actor.sellerId, userId: row.id }, 'observer removed')
  return { user_id: row.id }
}

/** Withdraws an invitation nobody has accepted yet. */
export async function cancelInvitation(
  db: DbOrTx,
  auth: AuthContext | null,
  input: CancelInvitationInput,
): Promise<{ invitation_id: number }> {
  const actor = requireObserverManager(auth)
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .delete(observerInvitations)
      .where(
        and(
          eq(observerInvitations.id, input.invitation_id),
          eq(observerInvitations.sellerId, actor.sellerId),
          isNull(observerInvitations.acceptedAt),
        ),
      )
      .returning({ id: observerInvitations.id, cellphone: observerInvitations.cellphone })
    if (!cancelled) throw notFound(m.content_err_invitation_not_found())
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'observer.invitation_cancel',
      recordType: 'observer_invitation',
      recordId: cancelled.id,
      before: { cellphone: cancelled.cellphone },
    })
    return cancelled
  })
  return { invitation_id: row.id }
}

/**
 * Registration hook (auth.server.ts registerAccount, inside its transaction, through the hook
 * src/feature-hooks.server.ts registers): a new account whose number was invited becomes that
 * seller's observer before its first session is made.
 */
export async function applyPendingObserverInvitation(
  tx: DbOrTx,
  user: { id: number; cellphone: string },
): Promise<number | null> {
  await lockCellphone(tx, user.cellphone)
  const [invitation] = await tx
    .select({ id: observerInvitations.id, sellerId: observerInvitations.sellerId })
    .from(observerInvitations)
    .where(and(eq(observerInvitations.cellphone, user.cellphone), isNull(observerInvitations.acceptedAt)))
    .for('update')
  if (!invitation) return null
  const at = now()
  await tx
    .update(observerInvitations)
    .set({ acceptedAt: at, acceptedUserId: user.id })
    .where(eq(observerInvitations.id, invitation.id))
  await tx
    .update(users)
    .set({ isObserver: true, pointingSellerId: invitation.sellerId, updatedAt: at })
    .where(eq(users.id, user.id))
  log().info(
    { sellerId: invitation.sellerId, userId: user.id },
    'observer invitation accepted at registration',
  )
  return invitation.sellerId
}
