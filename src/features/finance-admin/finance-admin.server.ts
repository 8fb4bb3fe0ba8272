import '@tanstack/react-start/server-only'
import { asc, eq, sql } from 'drizzle-orm'
import { setCommissionRate } from '~/features/ledger/index.server'
// The settlement mode lives with the payments it shapes; this page is where the admin sets it.
export { setSettlementMode, settlementSetting } from '~/features/payments/index.server'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { addDays, tehranDayEnd, tehranDayOf, tehranDayStart } from '~/lib/tehran-time'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { categories, commissionRates, plans } from '~/server/db/schema'
import { fieldError, notFound } from '~/server/http/api-errors.server'
import {
  OVERVIEW_MONTHS,
  RECONCILIATION_DEFAULT_DAYS,
  RECONCILIATION_MAX_DAYS,
  UNACCOUNTED_LIMIT,
  type CommissionRateInput,
  type CommissionRatesView,
  type FinanceOverview,
  type PlanDiscountInput,
  type Reconciliation,
  type ReconciliationInput,
} from './finance-admin.schemas'

/**
 * /admin/finance (issue #38): the platform's money read from the ledger, always as sums of ledger
 * lines grouped in SQL (never a stored counter), the reconciliation of gateway-verified payments
 * against the gateway clearing account, and the commission rates. Admins only, checked here.
 */

/** Tehran's wall clock in SQL (months and days are Tehran's; the Gregorian calendar's months). */
const tehran = (column: string) => sql.raw(`(${column} at time zone 'Asia/Tehran')`)

/** The first day ("2026-01-01") of the Gregorian month `back` months before the one `day` is in. */
function monthStartBefore(day: string, back: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number]
  const index = year * 12 + (month - 1) - back
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`
}

export async function financeOverview(db: DbOrTx, auth: AuthContext | null): Promise<FinanceOverview> {
  requireAdmin(auth)
  const firstMonth = monthStartBefore(tehranDayOf(now()), OVERVIEW_MONTHS - 1)
  const [rows, [totals]] = await Promise.all([
    selectRows<{ month: string; commission: string; vat: string; sales: string }>(
      db,
      sql`select to_char(date_trunc('month', ${tehran('l.created_at')}), 'YYYY-MM') as month,
            coalesce(sum(-l.amount) filter (where a.kind = 'commission_revenue'), 0) as commission,
            coalesce(sum(-l.amount) filter (where a.kind = 'vat_payable'), 0) as vat,
            coalesce(sum(-l.amount) filter (where a.kind = 'platform_sales'), 0) as sales
          from ledger_lines l join ledger_accounts a on a.id = l.account_id
          where a.kind in ('commission_revenue', 'vat_payable', 'platform_sales')
            and l.created_at >= ${tehranDayStart(firstMonth).toISOString()}::timestamptz
          group by 1 order by 1`,
    ),
    // Per seller and account first, so one seller's negative balance does not hide another's debt.
    selectRows<{ pending: string; available: string; negative: string; transit: string; clearing: string }>(
      db,
      sql`with per as (
            select a.kind, a.seller_id, sum(l.amount) as balance
            from ledger_lines l join ledger_accounts a on a.id = l.account_id
            where a.kind in ('seller_pending', 'seller_available', 'payouts_in_transit', 'gateway_clearing')
            group by a.kind, a.seller_id)
          select
            coalesce(sum(-balance) filter (where kind = 'seller_pending'), 0) as pending,
            coalesce(sum(-balance) filter (where kind = 'seller_available' and balance < 0), 0) as available,
            coalesce(sum(balance) filter (where kind = 'seller_available' and balance > 0), 0) as negative,
            coalesce(sum(-balance) filter (where kind = 'payouts_in_transit'), 0) as transit,
            coalesce(sum(balance) filter (where kind = 'gateway_clearing'), 0) as clearing
          from per`,
    ),
  ])
  const byMonth = new Map(rows.map((row) => [row.month, row]))
  const months = Array.from({ length: OVERVIEW_MONTHS }, (_, i) => {
    const month = monthStartBefore(firstMonth, -i).slice(0, 7)
    const row = byMonth.get(month)
    return {
      month,
      commission: Number(row?.commission ?? 0),
      commissionVat: Number(row?.vat ?? 0),
      platformSales: Number(row?.sales ?? 0),
    }
  })
  return {
    months,
    sellersPending: Number(totals?.pending ?? 0),
    sellersAvailable: Number(totals?.available ?? 0),
    sellersNegative: Number(totals?.negative ?? 0),
    payoutsInTransit: Number(totals?.transit ?? 0),
    gatewayClearing: Number(totals?.clearing ?? 0),
  }
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1

/** Money the gateways verified: a session that succeeded, or a second payment kept as a duplicate. */
const VERIFIED = sql.raw(`(s.status = 'succeeded' or s.failure_reason = 'duplicate_payment')`)

/**
 * What the ledger recorded of a session's money: the debits to gateway clearing of the entries
 * that reference the session itself ('payment_session', its id: a duplicate or late payment given
 * back) and, for the session that paid, those of its order or platform purchase.
 */
const ACCOUNTED = sql.raw(`coalesce((
  select sum(l.amount) from ledger_entries e
    join ledger_lines l on l.entry_id = e.id
    join ledger_accounts a on a.id = l.account_id and a.kind = 'gateway_clearing'
  where l.amount > 0 and (
    (e.reference_type = 'payment_session' and e.reference_id = s.id)
    or (s.status = 'succeeded' and s.order_id is not null
        and e.reference_type = 'order' and e.reference_id = s.order_id::text)
    or (s.status = 'succeeded' and s.purchase_id is not null
        and e.reference_type = 'platform_purchase' and e.reference_id = s.purchase_id::text))
), 0)`)

export async function reconcile(
  db: DbOrTx,
  auth: AuthContext | null,
  input: ReconciliationInput,
): Promise<Reconciliation> {
  requireAdmin(auth)
  const to = input.to ?? tehranDayOf(now())
  const from = input.from ?? addDays(to, -(RECONCILIATION_DEFAULT_DAYS - 1))
  if (from > to) throw fieldError('from', m.finance_range_order())
  if (daysBetween(from, to) > RECONCILIATION_MAX_DAYS)
    throw fieldError('from', m.finance_range_too_long({ days: String(RECONCILIATION_MAX_DAYS) }))
  // As text: the PostgreSQL driver takes no Date in a raw query.
  const start = sql`${tehranDayStart(from).toISOString()}::timestamptz`
  const end = sql`${tehranDayEnd(to).toISOString()}::timestamptz`
  const [verified, ledger, unaccounted] = await Promise.all([
    selectRows<{ day: string; total: string; n: number }>(
      db,
      sql`select to_char(${tehran('s.completed_at')}, 'YYYY-MM-DD') as day, sum(s.amount) as total,
            count(*)::int as n
          from payment_sessions s
          where ${VERIFIED} and s.completed_at >= ${start} and s.completed_at < ${end}
          group by 1`,
    ),
    selectRows<{ day: string; total: string }>(
      db,
      sql`select to_char(${tehran('l.created_at')}, 'YYYY-MM-DD') as day, sum(l.amount) as total
          from ledger_lines l join ledger_accounts a on a.id = l.account_id
          where a.kind = 'gateway_clearing' and l.amount > 0
            and l.created_at >= ${start} and l.created_at < ${end}
          group by 1`,
    ),
    selectRows<{
      id: string
      provider: string
      amount: string
      accounted: string
      completed_at: Date | string
      status: string
      order_id: number | null
      order_number: string | null
      purchase_id: number | null
      total: number
    }>(
      db,
      sql`select x.*, count(*) over ()::int as total from (
            select s.id, s.provider, s.amount, ${ACCOUNTED} as accounted, s.completed_at, s.status,
              s.order_id, o.number as order_number, s.purchase_id
            from payment_sessions s left join orders o on o.id = s.order_id
            where ${VERIFIED} and s.completed_at >= ${start} and s.completed_at < ${end}) x
          where x.accounted <> x.amount
          order by x.completed_at, x.id
          limit ${UNACCOUNTED_LIMIT}`,
    ),
  ])
  const verifiedBy = new Map(verified.map((row) => [row.day, row]))
  const ledgerBy = new Map(ledger.map((row) => [row.day, Number(row.total)]))
  const days = Array.from({ length: daysBetween(from, to) }, (_, i) => {
    const day = addDays(from, i)
    const v = Number(verifiedBy.get(day)?.total ?? 0)
    const l = ledgerBy.get(day) ?? 0
    return { day, verified: v, verifiedCount: verifiedBy.get(day)?.n ?? 0, ledger: l, difference: v - l }
  })
  return {
    from,
    to,
    days,
    unaccounted: unaccounted.map((row) => ({
      sessionId: row.id,
      provider: row.provider,
      amount: Number(row.amount),
      accounted: Number(row.accounted),
      completedAt: new Date(row.completed_at).toISOString(),
      kind: row.status === 'succeeded' ? 'succeeded' : 'duplicate_payment',
      orderId: row.order_id === null ? null : Number(row.order_id),
      orderNumber: row.order_number,
      purchaseId: row.purchase_id === null ? null : Number(row.purchase_id),
    })),
    unaccountedTotal: unaccounted[0]?.total ?? 0,
  }
}

export async function commissionRatesView(
  db: DbOrTx,
  auth: AuthContext | null,
): Promise<CommissionRatesView> {
  requireAdmin(auth)
  const [rates, cats, planRows] = await Promise.all([
    db
      .select({ categoryId: commissionRates.categoryId, rateBp: commissionRates.rateBp })
      .from(commissionRates),
    db
      .select({
        id: categories.id,
        name: categories.name,
        nameFa: categories.nameFa,
        parentId: categories.parentId,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({
        id: plans.id,
        name: plans.name,
        nameFa: plans.nameFa,
        slug: plans.slug,
        discountBp: plans.commissionDiscountBp,
      })
      .from(plans)
      .orderBy(asc(plans.position), asc(plans.id)),
  ])
  const rateOf = new Map(rates.map((r) => [r.categoryId ?? 0, r.rateBp]))
  return {
    defaultBp: rateOf.get(0) ?? 0,
    categories: cats.map((c) => ({
      id: c.id,
      name: textInLocale(c.name, c.nameFa),
      parentId: c.parentId,
      rateBp: rateOf.get(c.id) ?? null,
    })),
    plans: planRows.map((p) => ({
      id: p.id,
      name: textInLocale(p.name, p.nameFa),
      slug: p.slug,
      discountBp: p.discountBp,
    })),
  }
}

/** Sets the default rate or a category's (audited by the ledger). Paid orders keep theirs. */
export async function setRate(db: Db, auth: AuthContext | null, input: CommissionRateInput): Promise<void> {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    if (input.category_id !== null) {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.category_id))
      if (!category) throw notFound(m.finance_category_not_found())
    }
    await setCommissionRate(tx, {
      categoryId: input.category_id,
      rateBp: input.rate_bp,
      actorUserId: admin.user.id,
    })
  })
}

/** Sets a plan's commission discount, audited with before and after. Paid orders keep theirs. */
export async function setPlanDiscount(
  db: Db,
  auth: AuthContext | null,
  input: PlanDiscountInput,
): Promise<void> {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ discountBp: plans.commissionDiscountBp })
      .from(plans)
      .where(eq(plans.id, input.plan_id))
      .for('update')
    if (!before) throw notFound(m.finance_plan_not_found())
    if (before.discountBp === input.discount_bp) return
    await tx
      .update(plans)
      .set({ commissionDiscountBp: input.discount_bp, updatedAt: now() })
      .where(eq(plans.id, input.plan_id))
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'plan.commission_discount',
      recordType: 'plan',
      recordId: input.plan_id,
      before: { commissionDiscountBp: before.discountBp },
      after: { commissionDiscountBp: input.discount_bp },
    })
  })
}
