import '@tanstack/react-start/server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import {
  type PurchaseLifecycle,
  insertPaidPeriod,
  lockPurchase,
  paidSincePriced,
  refusePurchase,
} from '~/features/payments/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import type { DbOrTx, Tx } from '~/server/db/client.server'
import {
  plans,
  platformInvoiceCounters,
  platformInvoices,
  platformPurchases,
  sellerSubscriptions,
  sellers,
  users,
  type PlatformInvoiceParty,
} from '~/server/db/schema'
import { tehranDayOf } from '~/lib/tehran-time'
import { AUDIT_REASONS, purchaseReason } from '~/lib/audit-reasons'

/**
 * What a paid platform purchase does, inside the payment callback's transaction (called by
 * features/payments): the plan period starts (or waits for the current one to end), the seller's
 * plan follows, and the platform's invoice is issued with the next number of its gapless yearly
 * sequence.
 */

type PurchaseRow = typeof platformPurchases.$inferSelect

export const platformInvoiceNumber = (year: number, sequence: number) =>
  `OMD-${year}-${String(sequence).padStart(6, '0')}`

/** Moves the seller onto a plan (the code the limits read), with its audit event. */
export async function setSellerPlan(
  tx: DbOrTx,
  sellerId: number,
  planSlug: string,
  actorUserId: number | null,
  reason: string,
): Promise<void> {
  const [before] = await tx
    .select({ planCode: sellers.planCode })
    .from(sellers)
    .where(eq(sellers.id, sellerId))
  if (!before || before.planCode === planSlug) return
  await tx.update(sellers).set({ planCode: planSlug, updatedAt: now() }).where(eq(sellers.id, sellerId))
  await recordAuditEvent(tx, {
    actorUserId,
    sellerId,
    action: 'seller.plan_change',
    recordType: 'seller',
    recordId: sellerId,
    before: { planCode: before.planCode },
    after: { planCode: planSlug },
    reason,
  })
}

/** Why a paid purchase cannot be honoured any more (a code for the refund's log line), or null. */
async function whyNotHonoured(tx: Tx, purchase: PurchaseRow): Promise<string | null> {
  if (purchase.status !== 'pending') return `purchase_${purchase.status}`
  if (purchase.kind !== 'plan' || purchase.sellerId === null || !purchase.planSlug) return 'not_a_plan_period'
  // Another purchase of this seller was paid after this one was priced: its quote is stale.
  if (await paidSincePriced(tx, purchase, eq(platformPurchases.sellerId, purchase.sellerId)))
    return 'plan_changed_since_quote'
  if (purchase.replacesSubscriptionId !== null) {
    const [replaced] = await tx
      .select({ status: sellerSubscriptions.status })
      .from(sellerSubscriptions)
      .where(eq(sellerSubscriptions.id, purchase.replacesSubscriptionId))
    if (replaced?.status !== 'active') return 'replaced_period_ended'
  }
  return null
}

/**
 * Honours a paid purchase: `{ ok: false }` (nothing changed) when it can no longer be honoured, so
 * the caller refunds it. Idempotent: a purchase already paid is not honoured twice.
 */
export async function fulfilPurchase(
  tx: Tx,
  purchaseId: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const purchase = await lockPurchase(tx, purchaseId)
  if (!purchase) return { ok: false, reason: 'unknown_purchase' }
  const [seller] = purchase.sellerId
    ? await tx.select().from(sellers).where(eq(sellers.id, purchase.sellerId)).for('update')
    : []
  const why = await whyNotHonoured(tx, purchase)
  if (why || !seller) return refusePurchase(tx, purchase, why ?? 'seller_gone')
  const at = now()
  await tx
    .update(platformPurchases)
    .set({ status: 'paid', paidAt: at })
    .where(eq(platformPurchases.id, purchase.id))

  const startsNow = purchase.periodStart <= at
  if (startsNow && purchase.replacesSubscriptionId !== null) {
    await tx
      .update(sellerSubscriptions)
      .set({ status: 'replaced', endedAt: at })
      .where(eq(sellerSubscriptions.id, purchase.replacesSubscriptionId))
  }
  if (startsNow) {
    // Whatever was active (a lapsed period in grace, say) ends now.
    await tx
      .update(sellerSubscriptions)
      .set({ status: 'ended', endedAt: at })
      .where(and(eq(sellerSubscriptions.sellerId, seller.id), eq(sellerSubscriptions.status, 'active')))
  } else {
    // A renewal or downgrade paid ahead: the current period no longer ends in Free.
    await tx
      .update(sellerSubscriptions)
      .set({ endsToFree: false })
      .where(and(eq(sellerSubscriptions.sellerId, seller.id), eq(sellerSubscriptions.status, 'active')))
  }
  await insertPaidPeriod<typeof sellerSubscriptions.$inferSelect>(
    tx,
    sellerSubscriptions,
    purchase,
    {
      owner: {
        sellerId: seller.id,
        planSlug: purchase.planSlug!,
        billingCycle: purchase.billingCycle ?? 'monthly',
      },
      periodStart: startsNow ? at : purchase.periodStart,
      periodEnd: purchase.periodEnd,
      active: startsNow,
      at,
    },
    (subscription) => ({
      sellerId: seller.id,
      action: startsNow ? 'subscription.start' : 'subscription.schedule',
      recordType: 'subscription',
      after: {
        plan: purchase.planSlug,
        cycle: purchase.billingCycle,
        periodStart: subscription.periodStart.toISOString(),
        periodEnd: subscription.periodEnd.toISOString(),
        amount: purchase.amount,
        credit: purchase.credit,
        purchase: purchase.number,
      },
    }),
  )
  if (startsNow)
    await setSellerPlan(tx, seller.id, purchase.planSlug!, purchase.userId, purchaseReason(purchase.number))
  await issuePlatformInvoice(tx, purchase.id)
  return { ok: true }
}

/**
 * An upgrade the unused credit pays for in full (the quote's amount is 0): the current period is
 * replaced and the new one starts now, without a purchase, a payment or an invoice, since no money
 * moves. The new period carries the credit as its value, so a later upgrade credits its unused days
 * in turn. Inside choosePlan's transaction, after the seller's row is locked and the quote made.
 */
export async function startPeriodPaidByCredit(
  tx: DbOrTx,
  actorUserId: number,
  sellerId: number,
  quote: {
    plan_slug: string
    cycle: 'monthly' | 'yearly'
    period_start: string
    period_end: string
    credit: number
    credit_days: number
    extra_days: number
    replacesSubscriptionId: number | null
  },
): Promise<void> {
  const at = now()
  await tx
    .update(sellerSubscriptions)
    .set({ status: 'replaced', endedAt: at })
    .where(and(eq(sellerSubscriptions.sellerId, sellerId), eq(sellerSubscriptions.status, 'active')))
  const [subscription] = await tx
    .insert(sellerSubscriptions)
    .values({
      sellerId,
      planSlug: quote.plan_slug,
      billingCycle: quote.cycle,
      periodStart: new Date(quote.period_start),
      periodEnd: new Date(quote.period_end),
      status: 'active',
      purchaseId: null,
      amountPaid: quote.credit,
      createdAt: at,
    })
    .returning()
  await recordAuditEvent(tx, {
    actorUserId,
    sellerId,
    action: 'subscription.start',
    recordType: 'subscription',
    recordId: subscription!.id,
    after: {
      plan: quote.plan_slug,
      cycle: quote.cycle,
      periodStart: quote.period_start,
      periodEnd: quote.period_end,
      amount: 0,
      credit: quote.credit,
      creditDays: quote.credit_days,
      extraDays: quote.extra_days,
      replaces: quote.replacesSubscriptionId,
    },
    reason: AUDIT_REASONS.paidByCredit,
  })
  await setSellerPlan(tx, sellerId, quote.plan_slug, actorUserId, AUDIT_REASONS.upgradePaidByCredit)
}

/**
 * The next number of the platform's gapless invoice series for `year` (plan and Plus invoices,
 * and the sellers' monthly commission invoices, share it): the yearly counter bumped with an
 * upsert, whose row lock makes concurrent issuers take turns; a rolled-back transaction gives its
 * number back.
 */
export async function nextPlatformInvoiceNumber(
  tx: DbOrTx,
  year: number,
): Promise<{ year: number; sequence: number; number: string }> {
  const [counter] = await tx
    .insert(platformInvoiceCounters)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: platformInvoiceCounters.year,
      set: { lastSequence: sql`${platformInvoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: platformInvoiceCounters.lastSequence })
  const sequence = counter!.sequence
  return { year, sequence, number: platformInvoiceNumber(year, sequence) }
}

/**
 * The platform's invoice for a paid purchase, numbered from the yearly counter bumped with an
 * upsert (its row lock makes concurrent payments take turns; a rolled-back payment gives its number
 * back), so numbers have no gaps and no duplicates. A purchase that has an invoice keeps it.
 */
export async function issuePlatformInvoice(tx: Tx, purchaseId: number) {
  const [existing] = await tx
    .select()
    .from(platformInvoices)
    .where(eq(platformInvoices.purchaseId, purchaseId))
  if (existing) return existing
  const [purchase] = await tx.select().from(platformPurchases).where(eq(platformPurchases.id, purchaseId))
  if (!purchase) throw new Error(`purchase ${purchaseId} is missing`)
  const [user] = await tx.select().from(users).where(eq(users.id, purchase.userId))
  const [seller] = purchase.sellerId
    ? await tx.select().from(sellers).where(eq(sellers.id, purchase.sellerId))
    : []
  const [plan] = purchase.planSlug
    ? await tx.select({ name: plans.name }).from(plans).where(eq(plans.slug, purchase.planSlug))
    : []
  const issuedAt = now()
  const year = issuedAt.getUTCFullYear()
  const { sequence } = await nextPlatformInvoiceNumber(tx, year)
  const customer: PlatformInvoiceParty = seller
    ? {
        name: seller.legalName,
        nationalId: seller.nationalId,
        phone: seller.phone,
        address: `${seller.address}, ${seller.city}`,
      }
    : {
        name: [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.cellphone ?? ''),
        phone: user?.cellphone ?? '',
        address: '',
      }
  const description =
    purchase.kind === 'membership'
      ? `${constants.brand.name} Plus membership, 1 year, ${tehranDayOf(purchase.periodStart)} to ${tehranDayOf(purchase.periodEnd)}`
      : `${plan?.name ?? purchase.planSlug} plan, ${purchase.billingCycle === 'yearly' ? '1 year' : '1 month'}, ${tehranDayOf(purchase.periodStart)} to ${tehranDayOf(purchase.periodEnd)}`
  const vatPercent = constants.money.vatPercent
  // Plan prices include VAT: the VAT is the part of the total above its net amount.
  const vat = Math.round((purchase.amount * vatPercent) / (100 + vatPercent))
  const [invoice] = await tx
    .insert(platformInvoices)
    .values({
      purchaseId: purchase.id,
      userId: purchase.userId,
      sellerId: purchase.sellerId,
      year,
      sequence,
      number: platformInvoiceNumber(year, sequence),
      customer,
      description,
      listPrice: purchase.listPrice,
      credit: purchase.credit,
      vatPercent,
      vat,
      total: purchase.amount,
      currency: purchase.currency,
      issuedAt,
    })
    .returning()
  return invoice!
}

/** Open sessions of purchases that are no longer pending are closed by the payments sweep. */
export async function cancelPendingPurchases(tx: DbOrTx, sellerId: number): Promise<void> {
  await tx
    .update(platformPurchases)
    .set({ status: 'cancelled' })
    .where(and(eq(platformPurchases.sellerId, sellerId), inArray(platformPurchases.status, ['pending'])))
}

/** A plan period paid: registered with the purchase lifecycle at start (src/feature-hooks.server.ts). */
export const planLifecycle: PurchaseLifecycle = { paid: fulfilPurchase }
