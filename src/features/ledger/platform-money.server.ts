import '@tanstack/react-start/server-only'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { ledgerAccounts, ledgerEntries, ledgerLines } from '~/server/db/schema'
import {
  entryByKey,
  lockAccount,
  postEntry,
  UnbalancedEntryError,
  type LedgerEntry,
} from './ledger-posting.server'

/** A plan period or a Plus year paid to the platform: clearing +P, platform sales −P. */
export function postPlatformPurchasePaid(
  tx: DbOrTx,
  input: { purchaseId: number; amount: number; memo?: string },
): Promise<LedgerEntry | null> {
  return postEntry(tx, {
    kind: 'platform_purchase_paid',
    reference: { type: 'platform_purchase', id: input.purchaseId },
    idempotencyKey: `platform_purchase:${input.purchaseId}:paid`,
    memo: input.memo ?? null,
    lines: [
      { account: { kind: 'gateway_clearing' }, amount: input.amount },
      { account: { kind: 'platform_sales' }, amount: -input.amount },
    ],
  })
}

/** A paid platform purchase given back (in part or whole): the paid entry's reverse. */
export function postPlatformPurchaseRefund(
  tx: DbOrTx,
  input: {
    purchaseId: number
    amount: number
    idempotencyKey: string
    actorUserId?: number | null
    memo?: string
  },
): Promise<LedgerEntry | null> {
  return postEntry(tx, {
    kind: 'platform_purchase_refund',
    reference: { type: 'platform_purchase', id: input.purchaseId },
    idempotencyKey: input.idempotencyKey,
    actorUserId: input.actorUserId ?? null,
    memo: input.memo ?? null,
    lines: [
      { account: { kind: 'platform_sales' }, amount: input.amount },
      { account: { kind: 'gateway_clearing' }, amount: -input.amount },
    ],
  })
}

/**
 * Money a gateway verified that pays for nothing: a second payment of something already paid, or a
 * payment that came back after its order expired or was cancelled (or its purchase could no longer
 * be honoured). The payments code gives it back at once, so it is two entries in the refund's
 * transaction, both referencing the payment session: received (clearing +A, refunds payable −A),
 * then returned (refunds payable +A, clearing −A), the way an order's refund leaves clearing when it
 * is requested. Reconciliation finds the session's money by its reference; each key posts once.
 */
export async function postPaymentReturned(
  tx: DbOrTx,
  input: { sessionId: string; amount: number; reason: string },
): Promise<void> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new UnbalancedEntryError(`a returned payment is a positive number of rials: ${input.amount}`)
  const reference = { type: 'payment_session', id: input.sessionId }
  await postEntry(tx, {
    kind: 'payment_unapplied',
    reference,
    idempotencyKey: `payment_session:${input.sessionId}:received`,
    memo: input.reason,
    lines: [
      { account: { kind: 'gateway_clearing' }, amount: input.amount },
      { account: { kind: 'refunds_payable' }, amount: -input.amount },
    ],
  })
  await postEntry(tx, {
    kind: 'payment_returned',
    reference,
    idempotencyKey: `payment_session:${input.sessionId}:returned`,
    memo: input.reason,
    lines: [
      { account: { kind: 'refunds_payable' }, amount: input.amount },
      { account: { kind: 'gateway_clearing' }, amount: -input.amount },
    ],
  })
}

/** A seller account's balance as the seller reads it: what the platform owes (credits), positive. */
async function owed(tx: DbOrTx, accountId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)` })
    .from(ledgerLines)
    .where(eq(ledgerLines.accountId, accountId))
  return -Number(row?.total ?? 0)
}

/** A payout larger than the seller's available balance (read under the account's row lock). */
export class PayoutAboveAvailableError extends UnbalancedEntryError {
  constructor(
    readonly sellerId: number,
    readonly amount: number,
    readonly available: number,
  ) {
    super(`seller ${sellerId}: a payout of ${amount} is more than the ${available} available`)
    this.name = 'PayoutAboveAvailableError'
  }
}

export interface PayoutInput {
  payoutId: number | string
  sellerId: number
  amount: number
  actorUserId?: number | null
  memo?: string
}

const payoutRef = (id: number | string) => ({ type: 'payout', id })

/**
 * A payout is made: X leaves the seller's available balance for payouts in transit. Refused when X
 * is more than available, checked under a row lock on the seller's available account, so two
 * payouts at once cannot both spend the same balance.
 */
export async function postPayoutCreated(tx: DbOrTx, input: PayoutInput): Promise<LedgerEntry | null> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new UnbalancedEntryError(`a payout is a positive number of rials: ${input.amount}`)
  const key = `payout:${input.payoutId}:created`
  const [existing] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, key))
  const account = await lockAccount(tx, { kind: 'seller_available', sellerId: input.sellerId })
  if (!existing) {
    const available = await owed(tx, account)
    if (input.amount > available) throw new PayoutAboveAvailableError(input.sellerId, input.amount, available)
  }
  return postEntry(tx, {
    kind: 'payout_created',
    reference: payoutRef(input.payoutId),
    idempotencyKey: key,
    actorUserId: input.actorUserId ?? null,
    memo: input.memo ?? null,
    lines: [
      { account: { kind: 'seller_available', sellerId: input.sellerId }, amount: input.amount },
      { account: { kind: 'payouts_in_transit', sellerId: input.sellerId }, amount: -input.amount },
    ],
  })
}

/** How much of a payout's created entry is still in transit (0 once paid or failed). */
async function inTransitFor(tx: DbOrTx, payoutId: number | string, sellerId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)` })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(
      and(
        eq(ledgerEntries.referenceType, 'payout'),
        eq(ledgerEntries.referenceId, String(payoutId)),
        eq(ledgerAccounts.kind, 'payouts_in_transit'),
        eq(ledgerAccounts.sellerId, sellerId),
      ),
    )
  return -Number(row?.total ?? 0)
}

async function settlePayout(
  tx: DbOrTx,
  input: Omit<PayoutInput, 'amount'>,
  outcome: 'paid' | 'failed',
): Promise<LedgerEntry | null> {
  const key = `payout:${input.payoutId}:settled`
  await lockAccount(tx, { kind: 'payouts_in_transit', sellerId: input.sellerId })
  const existing = await entryByKey(tx, key)
  if (existing) {
    if (existing.kind !== `payout_${outcome}`)
      throw new UnbalancedEntryError(`payout ${input.payoutId} was already ${existing.kind.slice(7)}`)
    return { ...existing, replayed: true }
  }
  const amount = await inTransitFor(tx, input.payoutId, input.sellerId)
  if (amount <= 0) throw new UnbalancedEntryError(`payout ${input.payoutId} is not in transit`)
  return postEntry(tx, {
    kind: outcome === 'paid' ? 'payout_paid' : 'payout_failed',
    reference: payoutRef(input.payoutId),
    idempotencyKey: key,
    actorUserId: input.actorUserId ?? null,
    memo: input.memo ?? null,
    lines: [
      { account: { kind: 'payouts_in_transit', sellerId: input.sellerId }, amount },
      outcome === 'paid'
        ? { account: { kind: 'gateway_clearing' }, amount: -amount }
        : { account: { kind: 'seller_available', sellerId: input.sellerId }, amount: -amount },
    ],
  })
}

/** The bank paid the payout: it leaves transit and the platform's clearing money. */
export const postPayoutPaid = (tx: DbOrTx, input: Omit<PayoutInput, 'amount'>) =>
  settlePayout(tx, input, 'paid')

/** The bank refused the payout: the created entry is reversed, the money is available again. */
export const postPayoutFailed = (tx: DbOrTx, input: Omit<PayoutInput, 'amount'>) =>
  settlePayout(tx, input, 'failed')
