import '@tanstack/react-start/server-only'
import { enforceRateLimits, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import type * as v from 'valibot'
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { postEntry } from '~/features/ledger/index.server'
import { transitionOrder } from '~/features/orders/index.server'
import { nameInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller, requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { days, now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx, Tx } from '~/server/db/client.server'
import { creditApplications, creditInvoices, creditTerms, orders, sellers, users } from '~/server/db/schema'
import { conflict, fieldError, notFound } from '~/server/http/api-errors.server'
import { queueMessageToSellerOwner, queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { agingBucketOf, agingBuckets, daysOverdue, dueDateOf, type AgingBucket } from './credit-rules'
import type {
  applyForCreditInput,
  BuyerCreditView,
  CreditApplicationView,
  CreditInvoiceView,
  CreditOffer,
  decideCreditInput,
  payOnCreditInput,
  SellerCreditView,
} from './credit.schemas'

/**
 * Credit terms granted by a seller to a buyer (issue #39; DOMAIN.md "Money after checkout"). A
 * buyer applies, the seller approves (a limit and a term) or declines; an order with that seller
 * may then be paid later: it becomes paid without a gateway, an invoice records what is owed and
 * when, and the ledger moves the order's debit to the buyer's receivable. The unused limit is
 * checked under a row lock on the terms row, so two orders that each fit cannot both pass.
 */

const currency = () => serverConfig().money.currency
const sellerName = (row: { displayName: string; displayNameFa: string | null }) =>
  nameInLocale({ name: row.displayName, nameFa: row.displayNameFa })
const personName = (row: { firstName: string | null; lastName: string | null; cellphone: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.cellphone

/** Unpaid invoice states: what counts against the limit. */
const UNPAID = ['open', 'overdue'] as const
/** Applications a buyer may send in a day (each one texts a seller). */
export const CREDIT_APPLICATIONS_PER_DAY = 10
const applicationRule: RateLimitRule = {
  name: 'credit-application:user',
  limit: CREDIT_APPLICATIONS_PER_DAY,
  windowMs: days(1),
}

/**
 * Orders that ended without the goods (the seller rejected it, someone cancelled it): the buyer owes
 * nothing for them, so their invoices count nowhere.
 */
const ENDED = ['rejected', 'cancelled', 'expired'] as const

// --- Applying and deciding --------------------------------------------------------------------

export async function applyForCredit(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof applyForCreditInput>,
): Promise<{ applicationId: number }> {
  const { user } = requireUser(auth)
  // Each application texts the seller: a buyer may send a few a day, not a flood.
  await enforceRateLimits(db, [{ rule: applicationRule, subject: String(user.id) }])
  return db.transaction(async (tx) => {
    const [seller] = await tx
      .select({ id: sellers.id, status: sellers.status, ownerUserId: sellers.ownerUserId })
      .from(sellers)
      .where(eq(sellers.id, input.sellerId))
    // The store is named in the input: one that cannot take applications is a wrong field (422).
    if (!seller || seller.status !== 'approved')
      throw fieldError('sellerId', m.credit_error_seller_not_found())
    if (seller.ownerUserId === user.id || user.seller?.id === seller.id)
      throw fieldError('sellerId', m.credit_error_own_store())
    const [terms] = await tx
      .select({ id: creditTerms.id })
      .from(creditTerms)
      .where(
        and(
          eq(creditTerms.sellerId, seller.id),
          eq(creditTerms.buyerUserId, user.id),
          eq(creditTerms.status, 'active'),
        ),
      )
    if (terms) throw conflict(m.credit_error_already_granted())
    const [row] = await tx
      .insert(creditApplications)
      .values({
        buyerUserId: user.id,
        sellerId: seller.id,
        businessName: input.businessName,
        economicCode: input.economicCode,
        nationalId: input.nationalId,
        expectedMonthlyVolume: input.expectedMonthlyVolume,
        tradeReferences: input.tradeReferences,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning({ id: creditApplications.id })
    if (!row) throw conflict(m.credit_error_already_pending())
    await queueMessageToSellerOwner(tx, seller.id, () =>
      m.credit_sms_application_seller({ business: input.businessName }),
    )
    return { applicationId: row.id }
  })
}

/** The seller approves (writing or replacing the terms) or declines a pending application: audited, SMS to the buyer. */
export async function decideCredit(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof decideCreditInput>,
): Promise<{ status: 'approved' | 'declined' }> {
  const actor = requireApprovedSeller(auth, { allowObserver: false })
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(creditApplications)
      .where(
        and(
          eq(creditApplications.id, input.creditApplicationId),
          eq(creditApplications.sellerId, actor.sellerId),
        ),
      )
      .for('update')
    if (!application) throw notFound(m.credit_error_application_not_found())
    if (application.status !== 'pending') throw conflict(m.credit_error_already_decided())
    const at = now()
    const [seller] = await tx
      .select({ displayName: sellers.displayName, displayNameFa: sellers.displayNameFa })
      .from(sellers)
      .where(eq(sellers.id, actor.sellerId))
    const status = input.decision === 'approve' ? 'approved' : 'declined'
    await tx
      .update(creditApplications)
      .set({
        status,
        decisionReason: input.decision === 'decline' ? input.reason : null,
        decidedAt: at,
        decidedByUserId: actor.auth.user.id,
      })
      .where(eq(creditApplications.id, application.id))
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: `credit_application.${status}`,
      recordType: 'credit_application',
      recordId: application.id,
      before: { status: 'pending' },
      after: { status },
      reason: input.decision === 'decline' ? input.reason : null,
    })
    if (input.decision === 'approve') {
      const [before] = await tx
        .select()
        .from(creditTerms)
        .where(
          and(eq(creditTerms.sellerId, actor.sellerId), eq(creditTerms.buyerUserId, application.buyerUserId)),
        )
        .for('update')
      const values = {
        limitRials: input.limitRials,
        termDays: input.termDays,
        chequesAllowed: input.chequesAllowed ? 1 : 0,
        status: 'active' as const,
        updatedAt: at,
      }
      const [terms] = await tx
        .insert(creditTerms)
        .values({ ...values, sellerId: actor.sellerId, buyerUserId: application.buyerUserId, createdAt: at })
        .onConflictDoUpdate({ target: [creditTerms.sellerId, creditTerms.buyerUserId], set: values })
        .returning({ id: creditTerms.id })
      await recordAuditEvent(tx, {
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: before ? 'credit_terms.update' : 'credit_terms.create',
        recordType: 'credit_terms',
        recordId: terms!.id,
        before: before
          ? {
              limitRials: before.limitRials,
              termDays: before.termDays,
              chequesAllowed: before.chequesAllowed,
              status: before.status,
            }
          : null,
        after: values.status ? { ...values, updatedAt: undefined } : null,
      })
      await queueMessageToUser(tx, application.buyerUserId, () =>
        m.credit_sms_approved_buyer({
          seller: sellerName(seller!),
          limit: formatMoney(input.limitRials, currency()),
          days: String(input.termDays),
        }),
      )
    } else {
      await queueMessageToUser(tx, application.buyerUserId, () =>
        m.credit_sms_declined_buyer({ seller: sellerName(seller!), reason: input.reason }),
      )
    }
    return { status }
  })
}

// --- Limits and paying later ------------------------------------------------------------------

interface TermsRow {
  id: number
  limitRials: number
  termDays: number
  chequesAllowed: number
  status: string
}

async function termsOf(
  tx: DbOrTx,
  buyerUserId: number,
  sellerId: number,
  lock: boolean,
): Promise<TermsRow | undefined> {
  const query = tx
    .select({
      id: creditTerms.id,
      limitRials: creditTerms.limitRials,
      termDays: creditTerms.termDays,
      chequesAllowed: creditTerms.chequesAllowed,
      status: creditTerms.status,
    })
    .from(creditTerms)
    .where(and(eq(creditTerms.buyerUserId, buyerUserId), eq(creditTerms.sellerId, sellerId)))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** What the buyer owes the seller (unpaid invoices) and whether any of it is past due at `at`. */
async function exposureOf(
  tx: DbOrTx,
  buyerUserId: number,
  sellerId: number,
  at: Date,
): Promise<{ used: number; overdue: boolean }> {
  const [row] = await tx
    .select({
      used: sql<string>`coalesce(sum(${creditInvoices.amount} - ${creditInvoices.paidAmount}), 0)`,
      overdue: sql<boolean>`coalesce(bool_or(${creditInvoices.dueAt} <= ${at.toISOString()}::timestamptz), false)`,
    })
    .from(creditInvoices)
    .innerJoin(orders, eq(orders.id, creditInvoices.orderId))
    .where(
      and(
        eq(creditInvoices.buyerUserId, buyerUserId),
        eq(creditInvoices.sellerId, sellerId),
        inArray(creditInvoices.status, [...UNPAID]),
        notInArray(orders.status, [...ENDED]),
      ),
    )
  return { used: Number(row?.used ?? 0), overdue: Boolean(row?.overdue) }
}

function offerOf(terms: TermsRow | undefined, used: number, overdue: boolean, amount: number): CreditOffer {
  if (!terms || terms.status === 'revoked') return { termDays: 0, available: 0, refusal: 'no_terms' }
  const available = Math.max(0, terms.limitRials - used)
  const base = { termDays: terms.termDays, available }
  if (terms.status === 'frozen') return { ...base, refusal: 'frozen' }
  if (overdue) return { ...base, refusal: 'overdue' }
  if (amount > available) return { ...base, refusal: 'over_limit' }
  return { ...base, refusal: null }
}

const refusalMessage: Record<Exclude<CreditOffer['refusal'], null>, () => string> = {
  no_terms: () => m.credit_error_no_terms(),
  frozen: () => m.credit_error_frozen(),
  overdue: () => m.credit_error_overdue(),
  over_limit: () => m.credit_error_over_limit(),
}

/** Checkout's offer: the buyer's terms with this seller and what is left of the limit (amount 0: just the terms). */
export async function creditOffer(
  db: DbOrTx,
  auth: AuthContext | null,
  input: { sellerId: number },
): Promise<CreditOffer> {
  const { user } = requireUser(auth)
  const at = now()
  const terms = await termsOf(db, user.id, input.sellerId, false)
  const { used, overdue } = await exposureOf(db, user.id, input.sellerId, at)
  return offerOf(terms, used, overdue, 0)
}

/**
 * "Pay later (net N)" for one of the buyer's orders awaiting payment: one transaction locks the
 * order, then the terms row (the limit's serialisation point), checks the unused limit and that
 * nothing is overdue, writes the invoice, moves the order to paid (stock stays reserved, the seller
 * accepts as usual) and moves its debit in the ledger from gateway clearing to the buyer's receivable.
 */
export async function payOrderOnCredit(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof payOnCreditInput>,
): Promise<{ orderNumber: string; dueDay: string; dueAt: string }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, sellerId: orders.sellerId, total: orders.total })
      .from(orders)
      .where(and(eq(orders.number, input.orderNumber), eq(orders.buyerUserId, user.id)))
      .for('update')
    if (!order) throw notFound(m.credit_error_order_not_found())
    if (order.status !== 'pending_payment') throw conflict(m.credit_error_order_not_payable())
    const terms = await termsOf(tx, user.id, order.sellerId, true)
    const at = now()
    const { used, overdue } = await exposureOf(tx, user.id, order.sellerId, at)
    const offer = offerOf(terms, used, overdue, order.total)
    if (offer.refusal) throw conflict(refusalMessage[offer.refusal]())
    const due = dueDateOf(at, terms!.termDays)
    await tx.insert(creditInvoices).values({
      orderId: order.id,
      sellerId: order.sellerId,
      buyerUserId: user.id,
      amount: order.total,
      dueDay: due.dueDay,
      dueAt: due.dueAt,
      createdAt: at,
    })
    await transitionOrder(tx, {
      orderId: order.id,
      to: 'paid',
      actor: { kind: 'system', userId: null },
      note: m.credit_order_note({ days: String(terms!.termDays) }),
    })
    await postOrderOnCredit(tx, { orderId: order.id, buyerUserId: user.id, amount: order.total })
    return { orderNumber: input.orderNumber, dueDay: due.dueDay, dueAt: due.dueAt.toISOString() }
  })
}

/**
 * The order's paid entry debited gateway clearing (as for a card payment); on terms nothing came
 * through the gateway, so the debit moves to the buyer's receivable. Together the two entries are
 * receivable +P against seller pending, commission and VAT (DOMAIN.md "Money after checkout").
 */
function postOrderOnCredit(tx: Tx, input: { orderId: number; buyerUserId: number; amount: number }) {
  return postEntry(tx, {
    kind: 'order_on_credit',
    reference: { type: 'order', id: input.orderId },
    idempotencyKey: `order:${input.orderId}:on-credit`,
    lines: [
      { account: { kind: 'buyer_receivable', buyerUserId: input.buyerUserId }, amount: input.amount },
      { account: { kind: 'gateway_clearing' }, amount: -input.amount },
    ],
  })
}

/**
 * Money received for some of a buyer's invoices (a settlement payment): each invoice's paid amount
 * goes up (oldest due first), paid in full closes it, and the ledger clears the receivable against
 * gateway clearing. Runs inside the payment's transaction. Returns the rials applied.
 */
export async function settleCreditInvoices(
  tx: Tx,
  input: { buyerUserId: number; invoiceIds: readonly number[]; amount: number; reference: string },
): Promise<number> {
  const rows = await tx
    .select()
    .from(creditInvoices)
    .where(
      and(
        eq(creditInvoices.buyerUserId, input.buyerUserId),
        inArray(creditInvoices.id, [...input.invoiceIds]),
        inArray(creditInvoices.status, [...UNPAID]),
      ),
    )
    .orderBy(creditInvoices.dueAt, creditInvoices.id)
    .for('update')
  const at = now()
  let left = input.amount
  for (const row of rows) {
    if (left <= 0) break
    const take = Math.min(left, row.amount - row.paidAmount)
    left -= take
    const paidAmount = row.paidAmount + take
    await tx
      .update(creditInvoices)
      .set({
        paidAmount,
        ...(paidAmount === row.amount ? { status: 'paid' as const, paidAt: at } : {}),
      })
      .where(eq(creditInvoices.id, row.id))
  }
  const applied = input.amount - left
  if (applied > 0)
    await postEntry(tx, {
      kind: 'credit_settled',
      reference: { type: 'credit_settlement', id: input.reference },
      idempotencyKey: `credit-settlement:${input.reference}`,
      lines: [
        { account: { kind: 'gateway_clearing' }, amount: applied },
        { account: { kind: 'buyer_receivable', buyerUserId: input.buyerUserId }, amount: -applied },
      ],
    })
  return applied
}

// --- Pages ------------------------------------------------------------------------------------

type InvoiceRow = typeof creditInvoices.$inferSelect & { orderNumber: string }

function invoiceView(row: InvoiceRow, at: Date): CreditInvoiceView {
  const late = daysOverdue(row.dueDay, at)
  const unpaid = row.status === 'open' || row.status === 'overdue'
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    amount: row.amount,
    paidAmount: row.paidAmount,
    dueDay: row.dueDay,
    dueAt: row.dueAt.toISOString(),
    state: unpaid ? (row.dueAt <= at ? 'overdue' : 'open') : row.status,
    daysOverdue: unpaid ? Math.max(0, late) : 0,
  }
}

async function applicationsWhere(db: DbOrTx, where: ReturnType<typeof eq>): Promise<CreditApplicationView[]> {
  const rows = await db
    .select({
      application: creditApplications,
      displayName: sellers.displayName,
      displayNameFa: sellers.displayNameFa,
      firstName: users.firstName,
      lastName: users.lastName,
      cellphone: users.cellphone,
    })
    .from(creditApplications)
    .innerJoin(sellers, eq(sellers.id, creditApplications.sellerId))
    .innerJoin(users, eq(users.id, creditApplications.buyerUserId))
    .where(where)
    .orderBy(desc(creditApplications.createdAt), desc(creditApplications.id))
    .limit(100)
  return rows.map(({ application: a, ...r }) => ({
    id: a.id,
    sellerId: a.sellerId,
    sellerName: sellerName(r),
    buyerName: personName(r),
    businessName: a.businessName,
    economicCode: a.economicCode,
    nationalId: a.nationalId,
    expectedMonthlyVolume: a.expectedMonthlyVolume,
    tradeReferences: a.tradeReferences,
    status: a.status,
    decisionReason: a.decisionReason,
    createdAt: a.createdAt.toISOString(),
  }))
}

async function invoicesWhere(db: DbOrTx, where: ReturnType<typeof and>): Promise<InvoiceRow[]> {
  const rows = await db
    .select({ invoice: creditInvoices, orderNumber: orders.number })
    .from(creditInvoices)
    .innerJoin(orders, eq(orders.id, creditInvoices.orderId))
    .where(and(where, notInArray(orders.status, [...ENDED])))
    .orderBy(creditInvoices.dueAt, creditInvoices.id)
    .limit(500)
  return rows.map((r) => ({ ...r.invoice, orderNumber: r.orderNumber }))
}

/** /buyer/credit: per seller the limit, used, available and the invoices; the buyer's applications. */
export async function buyerCreditView(
  db: DbOrTx,
  auth: AuthContext | null,
  input: { sellerId?: number } = {},
): Promise<BuyerCreditView> {
  const { user } = requireUser(auth)
  const at = now()
  // The store the buyer came from to apply (an approved seller that is not the buyer's own).
  const [applyTo] = input.sellerId
    ? await db
        .select({
          sellerId: sellers.id,
          displayName: sellers.displayName,
          displayNameFa: sellers.displayNameFa,
        })
        .from(sellers)
        .where(
          and(
            eq(sellers.id, input.sellerId),
            eq(sellers.status, 'approved'),
            sql`${sellers.ownerUserId} <> ${user.id}`,
          ),
        )
    : []
  const terms = await db
    .select({ terms: creditTerms, displayName: sellers.displayName, displayNameFa: sellers.displayNameFa })
    .from(creditTerms)
    .innerJoin(sellers, eq(sellers.id, creditTerms.sellerId))
    .where(eq(creditTerms.buyerUserId, user.id))
    .orderBy(creditTerms.id)
  const invoices = await invoicesWhere(
    db,
    and(eq(creditInvoices.buyerUserId, user.id), inArray(creditInvoices.status, [...UNPAID])),
  )
  const lines = terms.map(({ terms: t, ...s }) => {
    const mine = invoices.filter((i) => i.sellerId === t.sellerId).map((i) => invoiceView(i, at))
    const used = mine.reduce((sum, i) => sum + i.amount - i.paidAmount, 0)
    return {
      sellerId: t.sellerId,
      sellerName: sellerName(s),
      limitRials: t.limitRials,
      termDays: t.termDays,
      chequesAllowed: t.chequesAllowed === 1,
      used,
      available: Math.max(0, t.limitRials - used),
      frozen: t.status !== 'active' || mine.some((i) => i.state === 'overdue'),
      invoices: mine,
    }
  })
  return {
    currency: currency(),
    applyTo: applyTo ? { sellerId: applyTo.sellerId, sellerName: sellerName(applyTo) } : null,
    lines,
    applications: await applicationsWhere(db, eq(creditApplications.buyerUserId, user.id)),
  }
}

const emptyAging = (): Record<AgingBucket, number> =>
  Object.fromEntries(agingBuckets.map((b) => [b, 0])) as Record<AgingBucket, number>

/** /seller/credit: applications, and receivables per buyer with aging in Tehran days. */
export async function sellerCreditView(db: DbOrTx, auth: AuthContext | null): Promise<SellerCreditView> {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  const at = now()
  const terms = await db
    .select({
      terms: creditTerms,
      firstName: users.firstName,
      lastName: users.lastName,
      cellphone: users.cellphone,
    })
    .from(creditTerms)
    .innerJoin(users, eq(users.id, creditTerms.buyerUserId))
    .where(eq(creditTerms.sellerId, actor.sellerId))
    .orderBy(creditTerms.id)
  const invoices = await invoicesWhere(
    db,
    and(eq(creditInvoices.sellerId, actor.sellerId), inArray(creditInvoices.status, [...UNPAID])),
  )
  const totals = emptyAging()
  const receivables = terms.map(({ terms: t, ...u }) => {
    const aging = emptyAging()
    let exposure = 0
    for (const invoice of invoices.filter((i) => i.buyerUserId === t.buyerUserId)) {
      const unpaid = invoice.amount - invoice.paidAmount
      const bucket = agingBucketOf(invoice.dueDay, at)
      aging[bucket] += unpaid
      totals[bucket] += unpaid
      exposure += unpaid
    }
    return {
      buyerUserId: t.buyerUserId,
      buyerName: personName(u),
      limitRials: t.limitRials,
      termDays: t.termDays,
      exposure,
      aging,
    }
  })
  return {
    currency: currency(),
    applications: await applicationsWhere(db, eq(creditApplications.sellerId, actor.sellerId)),
    receivables,
    totals,
  }
}
