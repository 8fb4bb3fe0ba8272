import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { and, count, desc, eq, gte, ilike, or, type SQL } from 'drizzle-orm'
import { constants } from '#app-config'
import type { User } from '~/features/auth/index.server'
import { refreshListingsOfSellers } from '~/features/catalog/index.server'
import { loadUser } from '~/server/auth/auth-user.server'
import { requireAdmin, requireSeller, requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { sellers, users } from '~/server/db/schema'
import { conflict, forbidden, notFound } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { tehranDayStart } from '~/lib/tehran-time'
import { queueMessageToUser } from '~/server/providers/sms/outbox.server'
import type {
  BecomeSellerInput,
  SellerApplication,
  SellerApplicationFilters,
  SellerApplicationPage,
  SellerDecisionInput,
  SellerProfile,
  SellerProfileView,
  UpdateSellerProfileInput,
} from './sellers.schemas'

type SellerRow = typeof sellers.$inferSelect

function toProfile(row: SellerRow): SellerProfile {
  return {
    id: row.id,
    legal_name: row.legalName,
    display_name: row.displayName,
    display_name_fa: row.displayNameFa,
    national_id: row.nationalId,
    phone: row.phone,
    city: row.city,
    address: row.address,
    goods_category: row.goodsCategory,
    status: row.status,
    status_reason: row.statusReason,
    delivery_fee: Number(row.deliveryFee),
    free_delivery_threshold: row.freeDeliveryThreshold === null ? null : Number(row.freeDeliveryThreshold),
    created_at: row.createdAt.toISOString(),
  }
}

export const SELLER_SUSPENDED = () => m.content_err_seller_suspended()
export const ALREADY_SELLER = () => m.content_err_already_seller()
export const OBSERVER_CANNOT_APPLY = () => m.content_err_observer_cannot_apply()

/**
 * /become-a-seller: creates a pending seller owned by the caller and marks them a seller. A rejected
 * applicant may apply again (the same seller goes back to pending with the new details).
 */
export async function becomeSeller(
  db: Db,
  auth: AuthContext | null,
  input: BecomeSellerInput,
): Promise<{ seller: SellerProfile; user: User }> {
  const { user } = requireUser(auth)
  if (user.is_observer && user.pointing_seller_id !== null) throw conflict(OBSERVER_CANNOT_APPLY())
  const result = await db.transaction(async (tx) => {
    const at = now()
    const details = {
      legalName: input.business_name,
      displayName: input.business_name,
      nationalId: input.legal_id,
      phone: input.phone,
      city: input.city,
      address: input.address,
      goodsCategory: input.goods_category,
      status: 'pending' as const,
      statusReason: null,
      updatedAt: at,
    }
    const [existing] = await tx.select().from(sellers).where(eq(sellers.ownerUserId, user.id)).for('update')
    if (existing && existing.status !== 'rejected') throw conflict(ALREADY_SELLER())
    const [row] = existing
      ? await tx.update(sellers).set(details).where(eq(sellers.id, existing.id)).returning()
      : await tx
          .insert(sellers)
          .values({ ...details, ownerUserId: user.id, createdAt: at })
          .returning()
    await tx.update(users).set({ isSeller: true, updatedAt: at }).where(eq(users.id, user.id))
    return { seller: toProfile(row!), user: (await loadUser(tx, user.id))! }
  })
  log().info({ sellerId: result.seller.id, userId: user.id }, 'seller application received')
  return result
}

/** The seller panel's profile: the caller's own seller, or for an observer the one it acts for. */
export async function getSellerProfile(db: DbOrTx, auth: AuthContext | null): Promise<SellerProfileView> {
  const actor = requireSeller(auth, { allowObserver: true })
  const [row] = await db.select().from(sellers).where(eq(sellers.id, actor.sellerId))
  if (!row) throw notFound(m.content_err_seller_not_found())
  return { ...toProfile(row), role: actor.role, can_edit: actor.role === 'owner' }
}

/** Owner only: observers may not change the seller profile (DOMAIN.md). */
export async function updateSellerProfile(
  db: DbOrTx,
  auth: AuthContext | null,
  input: UpdateSellerProfileInput,
): Promise<SellerProfileView> {
  const actor = requireSeller(auth, { allowObserver: false })
  // A suspended seller's writes are refused (issue #20); the admin reinstates it.
  if (actor.seller.status === 'suspended') throw forbidden(SELLER_SUSPENDED())
  // The names buyers see are audited (and the audit clears the guests' cached pages that show them),
  // in the update's transaction.
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ displayName: sellers.displayName, displayNameFa: sellers.displayNameFa })
      .from(sellers)
      .where(eq(sellers.id, actor.sellerId))
      .for('update')
    if (!before) throw notFound(m.content_err_seller_not_found())
    const displayNameFa =
      input.display_name_fa === undefined ? before.displayNameFa : input.display_name_fa || null
    const [updated] = await tx
      .update(sellers)
      .set({
        displayName: input.display_name,
        displayNameFa,
        phone: input.phone,
        city: input.city,
        address: input.address,
        goodsCategory: input.goods_category,
        ...(input.delivery_fee === undefined ? {} : { deliveryFee: input.delivery_fee }),
        ...(input.free_delivery_threshold === undefined
          ? {}
          : { freeDeliveryThreshold: input.free_delivery_threshold }),
        updatedAt: now(),
      })
      .where(eq(sellers.id, actor.sellerId))
      .returning()
    if (!updated) throw notFound(m.content_err_seller_not_found())
    const names = (r: { displayName: string; displayNameFa: string | null }) => ({
      display_name: r.displayName,
      display_name_fa: r.displayNameFa,
    })
    if (JSON.stringify(names(before)) !== JSON.stringify(names(updated)))
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: 'seller.profile_update',
        recordType: 'seller',
        recordId: actor.sellerId,
        before: names(before),
        after: names(updated),
      })
    return updated
  })
  return { ...toProfile(row), role: 'owner', can_edit: true }
}

const applicationColumns = {
  seller: sellers,
  owner: { id: users.id, cellphone: users.cellphone, first_name: users.firstName, last_name: users.lastName },
}

/** /admin/sellers: applications, newest first, filtered by status and a search over names and numbers. */
export async function listSellerApplications(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: SellerApplicationFilters,
): Promise<SellerApplicationPage> {
  requireAdmin(auth)
  const conditions: SQL[] = []
  if (filters.status) conditions.push(eq(sellers.status, filters.status))
  if (filters.since) conditions.push(gte(sellers.createdAt, tehranDayStart(filters.since)))
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(
        ilike(sellers.displayName, like),
        ilike(sellers.legalName, like),
        ilike(sellers.nationalId, like),
        ilike(sellers.phone, like),
        ilike(users.cellphone, like),
      )!,
    )
  }
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select(applicationColumns)
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.ownerUserId))
      .where(where)
      .orderBy(desc(sellers.createdAt), desc(sellers.id))
      .limit(filters.per_page)
      .offset((filters.page - 1) * filters.per_page),
    db.select({ n: count() }).from(sellers).innerJoin(users, eq(users.id, sellers.ownerUserId)).where(where),
  ])
  return {
    items: rows.map((r): SellerApplication => ({ ...toProfile(r.seller), owner: r.owner })),
    total: total?.n ?? 0,
    page: filters.page,
    per_page: filters.per_page,
  }
}

function decisionMessage(
  sellerName: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
): string {
  const words = { brand: constants.brand.name, seller: sellerName }
  return decision === 'approve'
    ? m.server_sms_seller_approved(words)
    : m.server_sms_seller_rejected({ ...words, reason: reason ?? '' })
}

/**
 * Approve (from pending or rejected) or reject (from pending) with a reason. The applicant is told
 * by SMS through the outbox, in the same transaction as the decision.
 */
export async function decideSellerApplication(
  db: Db,
  auth: AuthContext | null,
  input: SellerDecisionInput,
): Promise<SellerApplication> {
  const admin = requireAdmin(auth)
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(sellers).where(eq(sellers.id, input.seller_id)).for('update')
    if (!current) throw notFound(m.content_err_application_not_found())
    const allowed = input.decision === 'approve' ? ['pending', 'rejected'] : ['pending']
    if (!allowed.includes(current.status))
      throw conflict(m.content_err_application_already({ status: current.status }))
    await tx
      .update(sellers)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        statusReason: input.decision === 'approve' ? null : input.reason!,
        updatedAt: now(),
      })
      .where(eq(sellers.id, current.id))
    // An approved seller's offers go live in the catalogue (and come off it on rejection).
    await refreshListingsOfSellers(tx, [current.id])
    const [row] = await tx
      .select(applicationColumns)
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.ownerUserId))
      .where(eq(sellers.id, current.id))
    await queueMessageToUser(tx, current.ownerUserId, () =>
      decisionMessage(row!.seller.displayName, input.decision, input.reason),
    )
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: current.id,
      action: `seller.${input.decision}`,
      recordType: 'seller',
      recordId: current.id,
      before: { status: current.status, status_reason: current.statusReason },
      after: { status: row!.seller.status, status_reason: row!.seller.statusReason },
      reason: input.reason ?? null,
    })
    return { ...toProfile(row!.seller), owner: row!.owner }
  })
  log().info(
    { sellerId: result.id, decision: input.decision, adminId: admin.user.id },
    'seller application decided',
  )
  return result
}
