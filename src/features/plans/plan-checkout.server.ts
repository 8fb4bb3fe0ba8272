import '@tanstack/react-start/server-only'
import { and, eq, inArray } from 'drizzle-orm'
import { constants } from '#app-config'
import {
  latestPurchasePayment,
  openPlatformPurchase,
  redirectToProvider,
} from '~/features/payments/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { minutes, now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { plans, platformPurchases, sellerSubscriptions } from '~/server/db/schema'
import { conflict, notFound, parseInput } from '~/server/http/api-errors.server'
import { enforceRateLimits } from '~/server/rate-limit/rate-limit.server'
import { cancelPendingPurchases, setSellerPlan, startPeriodPaidByCredit } from './plan-fulfilment.server'
import { FREE_PLAN, planOfSeller } from './plan-limits.server'
import { localPlanName } from './plan-names.server'
import { creditCoveredPeriod, periodDays, periodEndOf, priceOf, unusedCredit } from './plan-pricing'
import {
  choosePlanInput,
  purchaseResultInput,
  type ChoosePlanInput,
  type PlanQuote,
  type PurchaseResultView,
} from './plans.schemas'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { formatTehranDay } from '~/lib/tehran-time'
import { AUDIT_REASONS } from '~/lib/audit-reasons'

/** A day in a quote's words: the Tehran day as every page shows one ("2 Jan 2027"; the Persian calendar in fa). */
const dayOf = (date: Date) => formatTehranDay(date)

/**
 * Choosing a plan on /subscription (issue #19): the quote (what is paid, from when, with the
 * credit for unused days), then a platform purchase paid through the same payment sessions as
 * orders. Only the seller's owner chooses; observers see the plans but cannot buy.
 */

const ownerOf = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: false })

export const PLAN_NOT_OFFERED = () => m.tools_plans_not_offered()

interface QuoteFacts extends PlanQuote {
  replacesSubscriptionId: number | null
  activeSubscriptionId: number | null
}

/** The quote for moving `sellerId` to `plan` billed `cycle`, at the app clock's now. */
export async function quotePlanChange(
  db: DbOrTx,
  sellerId: number,
  input: { plan: string; cycle: 'monthly' | 'yearly' },
): Promise<QuoteFacts> {
  const at = now()
  const [target] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.slug, input.plan), eq(plans.status, 'active')))
  if (!target) throw notFound(PLAN_NOT_OFFERED())
  const current = await planOfSeller(db, sellerId)
  const periods = await db
    .select()
    .from(sellerSubscriptions)
    .where(
      and(
        eq(sellerSubscriptions.sellerId, sellerId),
        inArray(sellerSubscriptions.status, ['active', 'scheduled']),
      ),
    )
  const active = periods.find((p) => p.status === 'active') ?? null
  const scheduled = periods.find((p) => p.status === 'scheduled') ?? null
  if (scheduled) {
    throw conflict(
      scheduled.planSlug === current.slug
        ? m.tools_plans_paid_next_period({ day: dayOf(scheduled.periodStart) })
        : m.tools_plans_paid_another_plan({ day: dayOf(scheduled.periodStart) }),
    )
  }
  const base = {
    plan_slug: target.slug,
    plan_name: target.name,
    cycle: input.cycle,
    currency: constants.money.currency,
    activeSubscriptionId: active?.id ?? null,
  }
  if (target.slug === FREE_PLAN) {
    if (current.slug === FREE_PLAN) throw conflict(m.tools_plans_free_already())
    const from = active ? active.periodEnd : at
    return {
      ...base,
      kind: 'to_free',
      list_price: 0,
      credit: 0,
      credit_days: 0,
      extra_days: 0,
      amount: 0,
      period_start: from.toISOString(),
      period_end: from.toISOString(),
      replacesSubscriptionId: null,
      summary: active
        ? m.tools_plans_quote_keep_then_free({ plan: current.name, day: dayOf(active.periodEnd) })
        : m.tools_plans_quote_free_now(),
    }
  }
  const listPrice = priceOf(target, input.cycle)
  if (!active || current.slug === FREE_PLAN) {
    const end = periodEndOf(at, input.cycle)
    return {
      ...base,
      kind: 'new',
      list_price: listPrice,
      credit: 0,
      credit_days: 0,
      extra_days: 0,
      amount: listPrice,
      period_start: at.toISOString(),
      period_end: end.toISOString(),
      replacesSubscriptionId: null,
      summary: m.tools_plans_quote_new({ plan: target.name, day: dayOf(end) }),
    }
  }
  const upgrade = target.slug !== active.planSlug && target.monthlyPrice >= current.monthlyPrice
  if (upgrade) {
    const { credit, days } = unusedCredit(active, at)
    const end = periodEndOf(at, input.cycle)
    const usedDays = m.tools_plans_quote_unused_days({
      days: formatNumber(days),
      plan: current.name,
      of: formatNumber(periodDays(active.periodStart, active.periodEnd)),
    })
    // Credit worth the whole new price pays it, and what is left over buys extra days.
    const covered = credit >= listPrice ? creditCoveredPeriod(at, end, listPrice, credit) : null
    return {
      ...base,
      kind: 'upgrade',
      list_price: listPrice,
      credit,
      credit_days: days,
      extra_days: covered?.extraDays ?? 0,
      amount: covered ? 0 : listPrice - credit,
      period_start: at.toISOString(),
      period_end: (covered?.end ?? end).toISOString(),
      replacesSubscriptionId: active.id,
      summary: covered
        ? m.tools_plans_quote_covered({
            used: usedDays,
            plan: target.name,
            cycle: input.cycle === 'monthly' ? m.tools_plans_cycle_monthly() : m.tools_plans_cycle_yearly(),
            count: covered.extraDays,
            countText: formatNumber(covered.extraDays),
            day: dayOf(covered.end),
          })
        : m.tools_plans_quote_upgrade({ plan: target.name, day: dayOf(end), used: usedDays }),
    }
  }
  // The same plan again (a renewal) or a cheaper one (a downgrade): it starts when this one ends.
  const start = active.periodEnd
  const end = periodEndOf(start, input.cycle)
  const renewal = target.slug === active.planSlug
  return {
    ...base,
    kind: renewal ? 'renewal' : 'downgrade',
    list_price: listPrice,
    credit: 0,
    credit_days: 0,
    extra_days: 0,
    amount: listPrice,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    replacesSubscriptionId: null,
    summary: renewal
      ? m.tools_plans_quote_renewal({ plan: target.name, from: dayOf(start), to: dayOf(end) })
      : m.tools_plans_quote_downgrade({
          current: current.name,
          from: dayOf(start),
          plan: target.name,
          to: dayOf(end),
        }),
  }
}

const publicQuote = ({
  replacesSubscriptionId: _r,
  activeSubscriptionId: _a,
  ...quote
}: QuoteFacts): PlanQuote => quote

export async function quotePlan(
  db: Db,
  auth: AuthContext | null,
  input: ChoosePlanInput,
): Promise<PlanQuote> {
  const actor = ownerOf(auth)
  return publicQuote(await quotePlanChange(db, actor.sellerId, parseInput(choosePlanInput, input)))
}

const startLimit = { name: 'plan-payment-start:seller', limit: 20, windowMs: minutes(60) }

/**
 * "Pay" after the quote: a pending purchase at the quoted price and an open payment session, then
 * where to send the payer. Choosing Free schedules the move (no payment) and answers `scheduled`;
 * an upgrade the unused credit pays for in full is applied at once and answers `applied`.
 */
export async function choosePlan(
  db: Db,
  auth: AuthContext | null,
  input: ChoosePlanInput,
): Promise<{ url: string } | { scheduled: PlanQuote } | { applied: PlanQuote }> {
  const actor = ownerOf(auth)
  const choice = parseInput(choosePlanInput, input)
  await enforceRateLimits(db, [{ rule: startLimit, subject: String(actor.sellerId) }], (s) => {
    const wait = Math.ceil(s / 60)
    return m.tools_too_many_payments({ count: wait, countText: formatNumber(wait) })
  })
  type Opened =
    | { scheduled: PlanQuote }
    | { applied: PlanQuote }
    | { sessionId: string; number: string; amount: number; currency: string }
  const opened = await db.transaction(async (tx): Promise<Opened> => {
    await planOfSeller(tx, actor.sellerId, true)
    const quote = await quotePlanChange(tx, actor.sellerId, choice)
    await cancelPendingPurchases(tx, actor.sellerId)
    if (quote.kind === 'to_free') {
      if (quote.activeSubscriptionId !== null) {
        await tx
          .update(sellerSubscriptions)
          .set({ endsToFree: true })
          .where(eq(sellerSubscriptions.id, quote.activeSubscriptionId))
        await recordAuditEvent(tx, {
          actorUserId: actor.auth.user.id,
          sellerId: actor.sellerId,
          action: 'subscription.ends_to_free',
          recordType: 'subscription',
          recordId: quote.activeSubscriptionId,
          before: { endsToFree: false },
          after: { endsToFree: true },
        })
      } else {
        await setSellerPlan(tx, actor.sellerId, FREE_PLAN, actor.auth.user.id, AUDIT_REASONS.choseFree)
      }
      return { scheduled: publicQuote(quote) }
    }
    if (quote.kind === 'upgrade' && quote.amount === 0) {
      // The unused credit pays for it all (creditCoveredPeriod): no purchase, nothing for the bank.
      await startPeriodPaidByCredit(tx, actor.auth.user.id, actor.sellerId, quote)
      return { applied: publicQuote(quote) }
    }
    return openPlatformPurchase(
      tx,
      {
        kind: 'plan',
        userId: actor.auth.user.id,
        sellerId: actor.sellerId,
        planSlug: quote.plan_slug,
        billingCycle: quote.cycle,
        listPrice: quote.list_price,
        credit: quote.credit,
        amount: quote.amount,
        currency: quote.currency,
        periodStart: new Date(quote.period_start),
        periodEnd: new Date(quote.period_end),
        replacesSubscriptionId: quote.replacesSubscriptionId,
        createdAt: now(),
      },
      {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        after: {
          kind: quote.kind,
          plan: quote.plan_slug,
          cycle: quote.cycle,
          amount: quote.amount,
          credit: quote.credit,
        },
      },
    )
  })
  if ('scheduled' in opened) return { scheduled: opened.scheduled }
  if ('applied' in opened) return { applied: opened.applied }
  return redirectToProvider(
    db,
    {
      id: opened.sessionId,
      amount: opened.amount,
      currency: opened.currency,
      reference: opened.number,
      payee: constants.brand.name,
    },
    m.server_payment_kept_plan(),
  )
}

/** /subscription?purchase=PL-…: the purchase and its latest payment, for the seller who made it. */
export async function purchaseResult(
  db: DbOrTx,
  auth: AuthContext | null,
  input: { purchaseNumber: string },
): Promise<PurchaseResultView> {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  const { purchaseNumber } = parseInput(purchaseResultInput, input)
  const [row] = await db
    .select({ purchase: platformPurchases, planName: plans.name, planNameFa: plans.nameFa })
    .from(platformPurchases)
    .leftJoin(plans, eq(plans.slug, platformPurchases.planSlug))
    .where(and(eq(platformPurchases.number, purchaseNumber), eq(platformPurchases.sellerId, actor.sellerId)))
  if (!row) throw notFound(m.tools_purchase_not_found())
  const payment = await latestPurchasePayment(db, row.purchase.id)
  const p = row.purchase
  return {
    number: p.number,
    status: p.status,
    plan_name: row.planName === null ? null : localPlanName({ name: row.planName, nameFa: row.planNameFa }),
    cycle: p.billingCycle,
    amount: p.amount,
    currency: p.currency,
    period_start: p.periodStart.toISOString(),
    period_end: p.periodEnd.toISOString(),
    payment,
  }
}
