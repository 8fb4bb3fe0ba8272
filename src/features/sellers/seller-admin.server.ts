import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { desc, eq, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { refreshListingsOfSellers } from '~/features/catalog/index.server'
import { localPlanName } from '~/features/plans/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { orders, plans, sellers, users } from '~/server/db/schema'
import { conflict, notFound } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { queueMessageToUser } from '~/server/providers/sms/outbox.server'
import {
  QUALITY_THRESHOLDS,
  QUALITY_WINDOW_DAYS,
  RECENT_ORDERS_SHOWN,
  SHIP_WITHIN_HOURS,
  type SellerDetail,
  type SellerQuality,
  type SellerStatusChangeInput,
} from './seller-admin.schemas'

/**
 * /admin/sellers/{id} (issue #20): a seller's profile, stores, orders and quality over the last 30
 * days, and suspension. Suspending takes every offer of the seller off the listings in the same
 * transaction (the listing refresh lists approved sellers only), refuses the seller's writes (the
 * guards admit approved sellers only) and tells the seller by SMS through the outbox; reinstating
 * undoes it.
 */

const WINDOW = sql.raw(`interval '${QUALITY_WINDOW_DAYS * 24} hours'`)
const SHIP_WITHIN = sql.raw(`interval '${SHIP_WITHIN_HOURS} hours'`)

/**
 * The seller's figures over orders paid in the window: hours from paid to accepted (mean), and the
 * shares rejected, cancelled, and shipped late (shipped, or still unshipped, after the promise;
 * counted over orders whose promise has passed or that shipped).
 */
async function sellerQuality(db: DbOrTx, sellerId: number, at: Date): Promise<SellerQuality> {
  const [row] = await selectRows<{
    paid: number
    rejected: number
    cancelled: number
    accept_hours: number | null
    ship_due: number
    shipped_late: number
  }>(
    db,
    sql`
      with recent as (
        select o.id, o.status, o.paid_at,
          (select min(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'accepted') as accepted_at,
          (select min(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'shipped') as shipped_at
        from orders o
        where o.seller_id = ${sellerId} and o.paid_at is not null
          and o.paid_at > ${at.toISOString()}::timestamptz - ${WINDOW}
      )
      select count(*)::int as paid,
        count(*) filter (where status = 'rejected')::int as rejected,
        count(*) filter (where status = 'cancelled')::int as cancelled,
        (avg(extract(epoch from accepted_at - paid_at)) / 3600)::float8 as accept_hours,
        count(*) filter (where shipped_at is not null
          or (status in ('paid', 'accepted') and paid_at + ${SHIP_WITHIN} < ${at.toISOString()}::timestamptz))::int as ship_due,
        count(*) filter (where (shipped_at is not null and shipped_at > paid_at + ${SHIP_WITHIN})
          or (shipped_at is null and status in ('paid', 'accepted')
            and paid_at + ${SHIP_WITHIN} < ${at.toISOString()}::timestamptz))::int as shipped_late
      from recent
    `,
  )
  const paid = Number(row?.paid ?? 0)
  const rate = (n: number, of: number) => (of > 0 ? n / of : null)
  const figures = {
    acceptanceHours:
      row?.accept_hours === null || row?.accept_hours === undefined ? null : Number(row.accept_hours),
    rejectionRate: rate(Number(row?.rejected ?? 0), paid),
    cancellationRate: rate(Number(row?.cancelled ?? 0), paid),
    lateShippingRate: rate(Number(row?.shipped_late ?? 0), Number(row?.ship_due ?? 0)),
  }
  const over = (value: number | null, limit: number) => value !== null && value > limit
  return {
    paidOrders: paid,
    ...figures,
    warnings: {
      acceptanceHours: over(figures.acceptanceHours, QUALITY_THRESHOLDS.acceptanceHours),
      rejectionRate: over(figures.rejectionRate, QUALITY_THRESHOLDS.rejectionRate),
      cancellationRate: over(figures.cancellationRate, QUALITY_THRESHOLDS.cancellationRate),
      lateShippingRate: over(figures.lateShippingRate, QUALITY_THRESHOLDS.lateShippingRate),
    },
  }
}

export async function getSellerDetail(
  db: DbOrTx,
  auth: AuthContext | null,
  sellerId: number,
): Promise<SellerDetail> {
  requireAdmin(auth)
  const [row] = await db
    .select({ seller: sellers, owner: users })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.ownerUserId))
    .where(eq(sellers.id, sellerId))
  if (!row) throw notFound(m.content_err_seller_not_found())
  const at = now()
  const [storeRows, [orderCounts], quality, recent, [plan]] = await Promise.all([
    selectRows<{
      id: number
      slug: string
      name: string
      nameFa: string | null
      city: string
      status: 'active' | 'inactive'
      live: number
    }>(
      db,
      sql`select st.id, st.slug, st.name, st.name_fa as "nameFa", st.city, st.status,
            (select count(*)::int from product_listings l where st.id = any(l.store_ids)) as live
          from stores st where st.seller_id = ${sellerId} order by st.name, st.id`,
    ),
    selectRows<{ total: number; open: number }>(
      db,
      sql`select count(*)::int as total,
            count(*) filter (where status in ('paid', 'accepted', 'shipped'))::int as open
          from orders where seller_id = ${sellerId}`,
    ),
    sellerQuality(db, sellerId, at),
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        createdAt: orders.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        cellphone: users.cellphone,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerUserId))
      .where(eq(orders.sellerId, sellerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS_SHOWN),
    db
      .select({ name: plans.name, nameFa: plans.nameFa })
      .from(plans)
      .where(eq(plans.slug, row.seller.planCode)),
  ])
  const { seller, owner } = row
  return {
    id: seller.id,
    legalName: seller.legalName,
    displayName: seller.displayName,
    nationalId: seller.nationalId,
    phone: seller.phone,
    city: seller.city,
    address: seller.address,
    status: seller.status,
    statusReason: seller.statusReason,
    planCode: seller.planCode,
    planName: plan ? localPlanName(plan) : seller.planCode,
    createdAt: seller.createdAt.toISOString(),
    owner: {
      id: owner.id,
      cellphone: owner.cellphone,
      name: [owner.firstName, owner.lastName].filter(Boolean).join(' '),
    },
    stores: storeRows.map((s) => ({ ...s, id: Number(s.id), live: Number(s.live) })),
    orders: { total: Number(orderCounts?.total ?? 0), open: Number(orderCounts?.open ?? 0) },
    recentOrders: recent.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      total: o.total,
      currency: o.currency,
      createdAt: o.createdAt.toISOString(),
      buyerName: [o.firstName, o.lastName].filter(Boolean).join(' ') || o.cellphone,
    })),
    quality,
  }
}

/** Suspend (an approved seller) or reinstate (a suspended one), with the reason the seller is sent. */
export async function changeSellerStatus(db: Db, auth: AuthContext | null, input: SellerStatusChangeInput) {
  const admin = requireAdmin(auth)
  const suspend = input.action === 'suspend'
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(sellers).where(eq(sellers.id, input.sellerId)).for('update')
    if (!before) throw notFound(m.content_err_seller_not_found())
    if (suspend && before.status !== 'approved')
      throw conflict(m.content_err_only_approved_suspended({ status: before.status }))
    if (!suspend && before.status !== 'suspended') throw conflict(m.content_err_not_suspended())
    const [after] = await tx
      .update(sellers)
      .set({
        status: suspend ? 'suspended' : 'approved',
        statusReason: suspend ? input.reason : null,
        updatedAt: now(),
      })
      .where(eq(sellers.id, before.id))
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: before.id,
      action: suspend ? 'seller.suspend' : 'seller.reinstate',
      recordType: 'seller',
      recordId: before.id,
      before: { status: before.status, statusReason: before.statusReason },
      after: { status: after!.status, statusReason: after!.statusReason },
      reason: input.reason,
    })
    // The seller's offers leave (or return to) the listings with the status change.
    await refreshListingsOfSellers(tx, [before.id])
    const words = { brand: constants.brand.name, seller: before.displayName }
    await queueMessageToUser(tx, before.ownerUserId, () =>
      suspend
        ? m.server_sms_seller_suspended({ ...words, reason: input.reason })
        : m.server_sms_seller_reactivated(words),
    )
  })
  log().info(
    { sellerId: input.sellerId, action: input.action, adminId: admin.user.id },
    'seller status changed',
  )
}
