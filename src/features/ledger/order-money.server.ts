import '@tanstack/react-start/server-only'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { ledgerAccounts, ledgerEntries, ledgerLines } from '~/server/db/schema'
import { postEntry, UnbalancedEntryError, type LedgerEntry } from './ledger-posting.server'

/**
 * An order's money in the ledger (DOMAIN.md "Money after checkout"; debit +, credit −):
 * paid: clearing +P, delivery subsidy +S, seller pending −(P + S − C − T), commission −C, VAT −T;
 * split settled (the gateway paid X of P straight to the seller's Sheba): seller pending +X,
 * clearing −X; released: the order's remaining pending moves to available; refunded: its paid
 * lines reversed in proportion to the amount refunded.
 */

export interface OrderPaidInput {
  orderId: number
  sellerId: number
  /** What the buyer paid (goods, goods VAT and the buyer's delivery fee). */
  total: number
  /** Seller delivery the platform pays for a Plus buyer. */
  deliverySubsidy: number
  commission: number
  commissionVat: number
  actorUserId?: number | null
}

const orderRef = (orderId: number) => ({ type: 'order', id: orderId })

export function postOrderPaid(tx: DbOrTx, input: OrderPaidInput): Promise<LedgerEntry | null> {
  const { total: p, deliverySubsidy: s, commission: c, commissionVat: t, sellerId } = input
  return postEntry(tx, {
    kind: 'order_paid',
    reference: orderRef(input.orderId),
    idempotencyKey: `order:${input.orderId}:paid`,
    actorUserId: input.actorUserId ?? null,
    lines: [
      { account: { kind: 'gateway_clearing' }, amount: p },
      { account: { kind: 'delivery_subsidy' }, amount: s },
      { account: { kind: 'seller_pending', sellerId }, amount: -(p + s - c - t) },
      { account: { kind: 'commission_revenue' }, amount: -c },
      { account: { kind: 'vat_payable' }, amount: -t },
    ],
  })
}

/**
 * Split settlement (تسهیم): the gateway paid `amount` of a verified payment straight to the seller's
 * Sheba, so the platform's clearing receives that much less and the seller has already been paid
 * it. For the session that paid the order (`applied`), it comes out of the order's pending share
 * (the rest, such as a Plus delivery subsidy, is released and paid out as usual). For money that
 * came for an order already paid or closed, which the platform gives back to the buyer in full,
 * the seller holds a share that is not theirs: it is owed back from available (recovered from
 * later payouts, like a refund after a payout). Once per session.
 */
export function postSplitSettled(
  tx: DbOrTx,
  input: { sessionId: string; orderId: number; sellerId: number; amount: number; applied: boolean },
): Promise<LedgerEntry | null> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new UnbalancedEntryError(`a split share is a positive number of rials: ${input.amount}`)
  return postEntry(tx, {
    kind: 'split_settlement',
    reference: input.applied ? orderRef(input.orderId) : { type: 'payment_session', id: input.sessionId },
    idempotencyKey: `payment_session:${input.sessionId}:split`,
    lines: [
      {
        account: { kind: input.applied ? 'seller_pending' : 'seller_available', sellerId: input.sellerId },
        amount: input.amount,
      },
      { account: { kind: 'gateway_clearing' }, amount: -input.amount },
    ],
  })
}

/** The sums of an order's lines per account kind (and its seller), over its entries of some kinds. */
async function orderSums(tx: DbOrTx, orderId: number) {
  const rows = await tx
    .select({
      entryKind: ledgerEntries.kind,
      accountKind: ledgerAccounts.kind,
      sellerId: ledgerAccounts.sellerId,
      buyerUserId: ledgerAccounts.buyerUserId,
      total: sql<string>`sum(${ledgerLines.amount})`,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(and(eq(ledgerEntries.referenceType, 'order'), eq(ledgerEntries.referenceId, String(orderId))))
    .groupBy(ledgerEntries.kind, ledgerAccounts.kind, ledgerAccounts.sellerId, ledgerAccounts.buyerUserId)
  const sum = (entryKind: string | null, accountKind: string) =>
    rows
      .filter((r) => (entryKind === null || r.entryKind === entryKind) && r.accountKind === accountKind)
      .reduce((acc, r) => acc + Number(r.total), 0)
  return {
    paid: rows.some((r) => r.entryKind === 'order_paid'),
    released: rows.some((r) => r.entryKind === 'order_released'),
    sellerId: rows.find((r) => r.sellerId !== null)?.sellerId ?? null,
    /** The buyer whose receivable the order was put on (credit terms), or null for a paid order. */
    creditBuyerUserId:
      rows.find((r) => r.entryKind === 'order_on_credit' && r.accountKind === 'buyer_receivable')
        ?.buyerUserId ?? null,
    sum,
  }
}

/**
 * Completion (or the holding days after delivery): the order's remaining pending share becomes
 * available. Once per order; null when there is nothing pending (never paid, or refunded in full).
 * A pending share below zero (the gateway split paid the seller more than the order's share, when
 * a commission rate rose between the payment's start and its verification) is owed from available.
 */
export async function postOrderReleased(
  tx: DbOrTx,
  input: { orderId: number; actorUserId?: number | null; memo?: string },
): Promise<LedgerEntry | null> {
  const sums = await orderSums(tx, input.orderId)
  if (!sums.paid || sums.released || sums.sellerId === null) return null
  const pending = -sums.sum(null, 'seller_pending')
  if (pending === 0) return null
  return postEntry(tx, {
    kind: 'order_released',
    reference: orderRef(input.orderId),
    idempotencyKey: `order:${input.orderId}:released`,
    actorUserId: input.actorUserId ?? null,
    memo: input.memo ?? null,
    lines: [
      { account: { kind: 'seller_pending', sellerId: sums.sellerId }, amount: pending },
      { account: { kind: 'seller_available', sellerId: sums.sellerId }, amount: -pending },
    ],
  })
}

/**
 * A refund of `amount` out of what the buyer paid for the order, full or partial. The paid entry's
 * lines are reversed in proportion (subsidy, commission and VAT rounded on the running total, so
 * refunds that add up to the whole reverse exactly everything); the seller's line takes the
 * rounding. The seller's side comes from pending while the order is unreleased and pending
 * holds it, else from available, which may go negative (recovered from later payouts). Null for an order the ledger
 * never saw paid (money that came for an order already closed is given back outside it).
 */
export async function postOrderRefund(
  tx: DbOrTx,
  input: {
    orderId: number
    /** Rials refunded now, or 'rest': everything paid that has not been refunded yet. */
    amount: number | 'rest'
    idempotencyKey: string
    actorUserId?: number | null
    memo?: string | null
  },
): Promise<LedgerEntry | null> {
  const sums = await orderSums(tx, input.orderId)
  if (!sums.paid || sums.sellerId === null) return null
  const paid = (account: string) => sums.sum('order_paid', account)
  const p = paid('gateway_clearing')
  const before = -sums.sum('order_refund', 'gateway_clearing')
  const amount = input.amount === 'rest' ? p - before : input.amount
  if (input.amount === 'rest' && amount <= 0) return null
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new UnbalancedEntryError(`a refund is a positive number of rials: ${amount}`)
  const after = before + amount
  if (after > p)
    throw new UnbalancedEntryError(`order ${input.orderId}: refunds ${after} exceed the ${p} paid`)
  const share = (whole: number) => Math.round((whole * after) / p) - Math.round((whole * before) / p)
  const subsidy = -share(paid('delivery_subsidy'))
  const commission = -share(paid('commission_revenue'))
  const vat = -share(paid('vat_payable'))
  const clearing = -amount
  const seller = -(clearing + subsidy + commission + vat)
  // Before release the seller's side comes out of what is still pending; a share the gateway
  // already paid to the seller (split settlement) is not there, so that part is owed from available.
  const pendingLeft = sums.released ? 0 : Math.max(0, -sums.sum(null, 'seller_pending'))
  const fromPending = Math.min(Math.max(seller, 0), pendingLeft)
  // An order on credit terms was never paid through the gateway: what is given back is taken off
  // the buyer's receivable (below zero if the buyer had already settled it: owed to the buyer).
  const paidFrom =
    sums.creditBuyerUserId === null
      ? ({ kind: 'gateway_clearing' } as const)
      : ({ kind: 'buyer_receivable', buyerUserId: sums.creditBuyerUserId } as const)
  return postEntry(tx, {
    kind: 'order_refund',
    reference: orderRef(input.orderId),
    idempotencyKey: input.idempotencyKey,
    actorUserId: input.actorUserId ?? null,
    memo: input.memo ?? null,
    lines: [
      { account: paidFrom, amount: clearing },
      { account: { kind: 'delivery_subsidy' }, amount: subsidy },
      { account: { kind: 'commission_revenue' }, amount: commission },
      { account: { kind: 'vat_payable' }, amount: vat },
      { account: { kind: 'seller_pending', sellerId: sums.sellerId }, amount: fromPending },
      { account: { kind: 'seller_available', sellerId: sums.sellerId }, amount: seller - fromPending },
    ],
  })
}
