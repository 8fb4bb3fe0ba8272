import '@tanstack/react-start/server-only'
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { constants } from '#app-config'
import type { InvoiceView } from '~/features/payments/index.server'
import { planLimitKinds, type PlanLimitKind } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { tehranDayOf } from '~/lib/tehran-time'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { days, now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { plans, platformInvoices, sellerSubscriptions, type PlatformInvoiceParty } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { localPlanDescription, localPlanName } from './plan-names.server'
import { platformInvoiceTexts } from './platform-invoice-text.server'
import { limitOf, planLimitStatus, planOfSeller, type PlanRow } from './plan-limits.server'
import { yearlySaving } from './plan-pricing'
import {
  GRACE_DAYS,
  REMINDER_DAYS,
  type PlanView,
  type PlatformInvoiceSummary,
  type SubscriptionOverview,
  type SubscriptionPeriodView,
} from './plans.schemas'

/** Reads for /subscription, /seller/profile and the seller panel's renewal banner. */

export const PLATFORM_INVOICE_NOT_FOUND = () => m.tools_invoice_not_found()

export function planView(plan: PlanRow): PlanView {
  return {
    slug: plan.slug,
    name: localPlanName(plan),
    description: localPlanDescription(plan),
    monthly_price: plan.monthlyPrice,
    yearly_price: plan.yearlyPrice,
    yearly_saving: yearlySaving(plan.monthlyPrice, plan.yearlyPrice),
    limits: Object.fromEntries(planLimitKinds.map((k) => [k, limitOf(plan, k)])) as Record<
      PlanLimitKind,
      number | null
    >,
    features: plan.features,
    status: plan.status,
  }
}

/** The active plans, cheapest first: public (guests see the comparison too). */
export async function listActivePlans(db: DbOrTx): Promise<PlanView[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.status, 'active'))
    .orderBy(asc(plans.position), asc(plans.monthlyPrice))
  return rows.map(planView)
}

const periodView = (
  row: typeof sellerSubscriptions.$inferSelect,
  names: Map<string, string>,
): SubscriptionPeriodView => ({
  plan_slug: row.planSlug,
  plan_name: names.get(row.planSlug) ?? row.planSlug,
  billing_cycle: row.billingCycle,
  period_start: row.periodStart.toISOString(),
  period_end: row.periodEnd.toISOString(),
  status: row.status,
  ends_to_free: row.endsToFree,
})

export async function platformInvoicesOf(db: DbOrTx, sellerId: number): Promise<PlatformInvoiceSummary[]> {
  return platformInvoiceSummaries(db, eq(platformInvoices.sellerId, sellerId), 100)
}

/** Platform invoices that match `where`, newest first, as their lists show them. */
export async function platformInvoiceSummaries(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
): Promise<PlatformInvoiceSummary[]> {
  const rows = await db
    .select()
    .from(platformInvoices)
    .where(where)
    .orderBy(desc(platformInvoices.issuedAt), desc(platformInvoices.id))
    .limit(limit)
  const texts = await platformInvoiceTexts(db, rows)
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    issued_at: r.issuedAt.toISOString(),
    description: texts.get(r.id) ?? r.description,
    total: r.total,
    currency: r.currency,
  }))
}

/** The signed-in seller's plan, its periods, usage per limit and platform invoices. */
export async function subscriptionOverview(
  db: DbOrTx,
  auth: AuthContext | null,
): Promise<SubscriptionOverview> {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  const plan = await planOfSeller(db, actor.sellerId)
  const periods = await db
    .select()
    .from(sellerSubscriptions)
    .where(
      and(
        eq(sellerSubscriptions.sellerId, actor.sellerId),
        inArray(sellerSubscriptions.status, ['active', 'scheduled']),
      ),
    )
  const names = new Map(
    (await db.select({ slug: plans.slug, name: plans.name, nameFa: plans.nameFa }).from(plans)).map((p) => [
      p.slug,
      localPlanName(p),
    ]),
  )
  const current = periods.find((p) => p.status === 'active') ?? null
  const next = periods.find((p) => p.status === 'scheduled') ?? null
  const at = now()
  let phase: SubscriptionOverview['phase'] = null
  if (current) {
    if (current.periodEnd <= at) phase = 'grace'
    else if (
      !next &&
      !current.endsToFree &&
      current.periodEnd.getTime() - at.getTime() <= days(REMINDER_DAYS[0])
    )
      phase = 'ending'
    else phase = 'active'
  }
  const usage = []
  for (const kind of planLimitKinds) {
    const { plan: _plan, ...status } = await planLimitStatus(db, actor.sellerId, kind)
    usage.push(status)
  }
  return {
    plan: planView(plan),
    current: current ? periodView(current, names) : null,
    next: next ? periodView(next, names) : null,
    phase,
    lapses_at:
      current && !next
        ? new Date(current.periodEnd.getTime() + (current.endsToFree ? 0 : days(GRACE_DAYS))).toISOString()
        : null,
    usage,
    invoices: await platformInvoicesOf(db, actor.sellerId),
    can_manage: actor.role === 'owner',
  }
}

/**
 * A platform invoice in the shape the order invoice's PDF renderer takes (one renderer for both):
 * the platform is the seller, the seller's business the buyer, the period one line.
 */
export async function platformInvoiceForViewer(
  db: DbOrTx,
  auth: AuthContext | null,
  invoiceId: number,
): Promise<InvoiceView> {
  const actor = requireApprovedSeller(auth, { allowObserver: false })
  const [row] = await db
    .select()
    .from(platformInvoices)
    .where(and(eq(platformInvoices.id, invoiceId), eq(platformInvoices.sellerId, actor.sellerId)))
  if (!row) throw notFound(PLATFORM_INVOICE_NOT_FOUND())
  const texts = await platformInvoiceTexts(db, [row])
  return platformInvoiceView(row, 'seller', texts.get(row.id))
}

/** The parties of an invoice the platform issues: the marketplace, and its customer as stored at issue. */
export function platformInvoiceParties(
  customer: PlatformInvoiceParty,
): Pick<InvoiceView, 'seller' | 'buyer'> {
  return {
    seller: {
      name: `${constants.brand.name} marketplace`,
      national_id: null,
      phone: '',
      address: 'Tehran, Iran',
    },
    buyer: {
      name: customer.name,
      national_id: customer.nationalId ?? null,
      phone: customer.phone,
      address: customer.address,
    },
  }
}

/** A platform invoice row (a plan period or a Plus year) as the shared renderer takes it. */
export function platformInvoiceView(
  row: typeof platformInvoices.$inferSelect,
  viewerRole: InvoiceView['viewer_role'],
  /** What it is for in the reader's language (`platformInvoiceTexts`); the stored line otherwise. */
  description: string = row.description,
): InvoiceView {
  const net = row.total - row.vat
  const membership = row.sellerId === null
  return {
    kind: 'platform',
    invoice_for: description,
    id: row.id,
    number: row.number,
    issued_on: tehranDayOf(row.issuedAt),
    issued_at: row.issuedAt.toISOString(),
    order: {
      id: row.purchaseId,
      number: `PL-${100000 + row.purchaseId}`,
      status: 'paid',
      delivery_method: 'pickup',
    },
    ...platformInvoiceParties(row.customer),
    lines: [
      {
        // Already in the reader's language (`platformInvoiceTexts`).
        product_name: description,
        product_name_fa: null,
        sku: membership ? 'PLUS' : 'PLAN',
        unit: membership ? m.tools_platform_invoice_unit_year() : m.tools_platform_invoice_unit_period(),
        unit_fa: null,
        quantity: 1,
        unit_price: row.listPrice,
        offer_price: row.credit > 0 ? row.listPrice - row.credit : 0,
        line_subtotal: row.listPrice,
        line_discount: row.credit,
        line_total: row.total,
      },
    ],
    currency: row.currency,
    // Prices include VAT: the lines show what was paid, the totals its net part and the VAT in it.
    subtotal: net + row.credit,
    discount: row.credit,
    delivery_fee: 0,
    vat_percent: row.vatPercent,
    vat: row.vat,
    total: row.total,
    viewer_role: viewerRole,
  }
}
