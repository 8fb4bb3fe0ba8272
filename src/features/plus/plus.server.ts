import '@tanstack/react-start/server-only'
import { and, count, desc, eq, gt, gte, inArray, isNull, sum } from 'drizzle-orm'
import { constants } from '#app-config'
import {
  type InvoiceView,
  latestPurchasePayment,
  openPlatformPurchase,
  redirectToProvider,
} from '~/features/payments/index.server'
import {
  type PlatformInvoiceSummary,
  periodEndOf,
  platformInvoiceSummaries,
  platformInvoiceTexts,
  platformInvoiceView,
} from '~/features/plans/index.server'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { days, minutes, now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { orders, platformInvoices, platformPurchases, plusMemberships, users } from '~/server/db/schema'
import { conflict, notFound, parseInput } from '~/server/http/api-errors.server'
import { enforceRateLimits } from '~/server/rate-limit/rate-limit.server'
import { openPlusPeriods, plusYearlyPrice } from './plus-membership.server'
import {
  PLUS_NAME,
  plusName,
  SAVING_WINDOW_DAYS,
  plusPurchaseInput,
  type PlusMembershipView,
  type PlusOverview,
  type PlusPurchaseView,
} from './plus.schemas'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { formatTehranDay } from '~/lib/tehran-time'

/** A day in a message: the Tehran day as every page shows one ("2 Dec 2027"; the Persian calendar in fa). */
const dayOf = (date: Date) => formatTehranDay(date)

/** /omdeh-plus and the buyer profile: what Plus costs, the buyer's membership and savings, joining. */

/** Orders whose money changed hands (the benefit was really used, or the fee really paid). */
const PAID_STATUSES = ['paid', 'accepted', 'shipped', 'delivered', 'completed'] as const

/** A renewal can be paid this many days before the current year ends. */
export const RENEW_WINDOW_DAYS = 30

export async function membershipView(db: DbOrTx, userId: number): Promise<PlusMembershipView> {
  const at = now()
  const periods = await openPlusPeriods(db, userId, at)
  const current = periods.find((p) => p.periodStart <= at) ?? null
  if (!current)
    return {
      status: 'none',
      member_since: null,
      renews_on: null,
      renewal_paid: false,
      can_renew: false,
      saved_so_far: 0,
      orders_with_benefit: 0,
    }
  const last = periods[0]!
  // Since when without a break: walk back through adjoining periods.
  const history = await db
    .select({ start: plusMemberships.periodStart, end: plusMemberships.periodEnd })
    .from(plusMemberships)
    .where(
      and(
        eq(plusMemberships.userId, userId),
        inArray(plusMemberships.status, ['active', 'scheduled', 'ended']),
      ),
    )
    .orderBy(desc(plusMemberships.periodStart))
  let since = current.periodStart
  for (const p of history) if (p.end.getTime() === since.getTime()) since = p.start
  const [saved] = await db
    .select({ amount: sum(orders.deliveryPaidByPlatform).mapWith(Number), n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.buyerUserId, userId),
        gt(orders.deliveryPaidByPlatform, 0),
        inArray(orders.status, [...PAID_STATUSES]),
        gte(orders.createdAt, since),
      ),
    )
  return {
    status: 'active',
    member_since: since.toISOString(),
    renews_on: last.periodEnd.toISOString(),
    renewal_paid: periods.length > 1,
    can_renew: last.periodEnd.getTime() - at.getTime() <= days(RENEW_WINDOW_DAYS),
    saved_so_far: saved?.amount ?? 0,
    orders_with_benefit: saved?.n ?? 0,
  }
}

/** The seller delivery the buyer paid on paid orders of the last SAVING_WINDOW_DAYS. */
async function wouldHaveSaved(db: DbOrTx, userId: number): Promise<{ amount: number; orders: number }> {
  const since = new Date(now().getTime() - days(SAVING_WINDOW_DAYS))
  const [row] = await db
    .select({ amount: sum(orders.deliveryFee).mapWith(Number), n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.buyerUserId, userId),
        eq(orders.deliveryMethod, 'seller_delivery'),
        gt(orders.deliveryFee, 0),
        inArray(orders.status, [...PAID_STATUSES]),
        gte(orders.createdAt, since),
      ),
    )
  return { amount: row?.amount ?? 0, orders: row?.n ?? 0 }
}

/** The Plus page: the price for everyone; the membership and the saving for a signed-in buyer. */
export async function plusOverview(db: DbOrTx, auth: AuthContext | null): Promise<PlusOverview> {
  const price = await plusYearlyPrice(db)
  return {
    name: PLUS_NAME,
    yearly_price: price,
    currency: constants.money.currency,
    membership: auth ? await membershipView(db, auth.user.id) : null,
    would_have_saved: auth ? await wouldHaveSaved(db, auth.user.id) : null,
    invoices: auth ? await plusInvoicesOf(db, auth.user.id) : [],
  }
}

const startLimit = { name: 'plus-payment-start:user', limit: 20, windowMs: minutes(60) }

/**
 * "Join Plus" (or renew): a pending purchase of one year at today's price and an open payment
 * session, then where to send the payer. A second click closes the first attempt, so one year is
 * paid at most once (a payment for a closed attempt is refunded by the payments flow).
 */
export async function joinPlus(db: Db, auth: AuthContext | null): Promise<{ url: string }> {
  const { user } = requireUser(auth)
  await enforceRateLimits(db, [{ rule: startLimit, subject: String(user.id) }], (s) => {
    const wait = Math.ceil(s / 60)
    return m.tools_too_many_payments({ count: wait, countText: formatNumber(wait) })
  })
  const opened = await db.transaction(async (tx) => {
    // The buyer's row serialises two joins of the same buyer.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
    const at = now()
    const [current] = await openPlusPeriods(tx, user.id, at)
    if (current && current.periodEnd.getTime() - at.getTime() > days(RENEW_WINDOW_DAYS))
      throw conflict(
        m.tools_plus_renew_later({
          plus: plusName(),
          until: dayOf(current.periodEnd),
          from: dayOf(new Date(current.periodEnd.getTime() - days(RENEW_WINDOW_DAYS))),
        }),
      )
    const price = await plusYearlyPrice(tx)
    await tx
      .update(platformPurchases)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(platformPurchases.userId, user.id),
          eq(platformPurchases.kind, 'membership'),
          eq(platformPurchases.status, 'pending'),
        ),
      )
    const start = current ? current.periodEnd : at
    return openPlatformPurchase(
      tx,
      {
        kind: 'membership',
        userId: user.id,
        sellerId: null,
        listPrice: price,
        credit: 0,
        amount: price,
        currency: constants.money.currency,
        periodStart: start,
        periodEnd: periodEndOf(start, 'yearly'),
        createdAt: at,
      },
      { actorUserId: user.id, after: { kind: 'membership', amount: price, renewal: Boolean(current) } },
    )
  })
  return redirectToProvider(
    db,
    {
      id: opened.sessionId,
      amount: opened.amount,
      currency: constants.money.currency,
      reference: opened.number,
      payee: constants.brand.name,
    },
    m.server_payment_kept_nothing_charged(),
  )
}

/** /omdeh-plus?purchase=PL-…: the buyer's own Plus purchase and its latest payment. */
export async function plusPurchaseResult(
  db: DbOrTx,
  auth: AuthContext | null,
  input: { membershipNumber: string },
): Promise<PlusPurchaseView> {
  const { user } = requireUser(auth)
  const { membershipNumber } = parseInput(plusPurchaseInput, input)
  const [p] = await db
    .select()
    .from(platformPurchases)
    .where(
      and(
        eq(platformPurchases.number, membershipNumber),
        eq(platformPurchases.userId, user.id),
        eq(platformPurchases.kind, 'membership'),
      ),
    )
  if (!p) throw notFound(m.tools_purchase_not_found())
  const payment = await latestPurchasePayment(db, p.id)
  return {
    number: p.number,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    period_start: p.periodStart.toISOString(),
    period_end: p.periodEnd.toISOString(),
    payment,
  }
}

export const PLUS_INVOICE_NOT_FOUND = () => m.tools_invoice_not_found()

/** The buyer's own Plus invoices, newest first. */
export async function plusInvoicesOf(db: DbOrTx, userId: number): Promise<PlatformInvoiceSummary[]> {
  return platformInvoiceSummaries(
    db,
    and(eq(platformInvoices.userId, userId), isNull(platformInvoices.sellerId)),
    50,
  )
}

/** A Plus invoice for its buyer only (anyone else's id answers like a missing one). */
export async function plusInvoiceForViewer(
  db: DbOrTx,
  auth: AuthContext | null,
  invoiceId: number,
): Promise<InvoiceView> {
  const { user } = requireUser(auth)
  const [row] = await db
    .select()
    .from(platformInvoices)
    .where(
      and(
        eq(platformInvoices.id, invoiceId),
        eq(platformInvoices.userId, user.id),
        isNull(platformInvoices.sellerId),
      ),
    )
  if (!row) throw notFound(PLUS_INVOICE_NOT_FOUND())
  const texts = await platformInvoiceTexts(db, [row])
  return platformInvoiceView(row, 'buyer', texts.get(row.id))
}
