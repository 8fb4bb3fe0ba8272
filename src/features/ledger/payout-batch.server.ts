import '@tanstack/react-start/server-only'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { ledgerAccounts, ledgerEntries, ledgerLines } from '~/server/db/schema'
import { accountIds, accountKey, UnbalancedEntryError } from './ledger-posting.server'
import { PayoutAboveAvailableError, type PayoutInput } from './platform-money.server'

/**
 * Payouts by the thousand (the weekly payout batch, issue #38): the same entries postPayoutCreated
 * writes, one per payout, but a few statements per thousand payouts instead of seven per payout, so
 * 10,000 sellers are paid out in seconds. Same rules: every seller's available account is locked
 * (in id order, so two runs cannot deadlock) before its balance is read, no payout is above it, and
 * a payout posted before (its key) writes nothing again.
 */

const CHUNK = 1_000

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

/**
 * Locks every seller's available account and returns the sellers whose available balance is at
 * least `minimum` (rials), from one grouped query. Call it first in the batch's transaction: no
 * single payout can spend the balances read here until the batch commits.
 */
export async function lockedAvailableBalances(
  tx: DbOrTx,
  minimum: number,
): Promise<{ sellerId: number; available: number }[]> {
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, 'seller_available'))
    .orderBy(asc(ledgerAccounts.id))
    .for('update')
  const rows = await selectRows<{ seller_id: number; available: string }>(
    tx,
    sql`select a.seller_id, -sum(l.amount) as available
        from ledger_accounts a join ledger_lines l on l.account_id = a.id
        where a.kind = 'seller_available'
        group by a.seller_id
        having -sum(l.amount) >= ${minimum}
        order by a.seller_id`,
  )
  return rows.map((row) => ({ sellerId: Number(row.seller_id), available: Number(row.available) }))
}

/** Posts a `payout_created` entry for each payout (distinct sellers). Returns how many were new. */
export async function postPayoutsCreated(tx: DbOrTx, payouts: readonly PayoutInput[]): Promise<number> {
  for (const payout of payouts)
    if (!Number.isSafeInteger(payout.amount) || payout.amount <= 0)
      throw new UnbalancedEntryError(`a payout is a positive number of rials: ${payout.amount}`)
  if (new Set(payouts.map((p) => p.sellerId)).size !== payouts.length)
    throw new UnbalancedEntryError('one payout per seller in a batch')
  let written = 0
  const at = now()
  for (const chunk of chunks(payouts)) {
    const available = (sellerId: number) => ({ kind: 'seller_available' as const, sellerId })
    const transit = (sellerId: number) => ({ kind: 'payouts_in_transit' as const, sellerId })
    const ids = await accountIds(
      tx,
      chunk.flatMap((p) => [available(p.sellerId), transit(p.sellerId)]),
    )
    const availableIds = chunk.map((p) => ids.get(accountKey(available(p.sellerId)))!)
    await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, availableIds))
      .orderBy(asc(ledgerAccounts.id))
      .for('update')
    const key = (p: PayoutInput) => `payout:${p.payoutId}:created`
    const posted = new Set(
      (
        await tx
          .select({ key: ledgerEntries.idempotencyKey })
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.idempotencyKey, chunk.map(key)))
      ).map((row) => row.key),
    )
    const fresh = chunk.filter((p) => !posted.has(key(p)))
    if (fresh.length === 0) continue
    const sums = await tx
      .select({ accountId: ledgerLines.accountId, total: sql<string>`sum(${ledgerLines.amount})` })
      .from(ledgerLines)
      .where(inArray(ledgerLines.accountId, availableIds))
      .groupBy(ledgerLines.accountId)
    const owed = new Map(sums.map((row) => [row.accountId, -Number(row.total)]))
    for (const p of fresh) {
      const balance = owed.get(ids.get(accountKey(available(p.sellerId)))!) ?? 0
      if (p.amount > balance) throw new PayoutAboveAvailableError(p.sellerId, p.amount, balance)
    }
    const entries = await tx
      .insert(ledgerEntries)
      .values(
        fresh.map((p) => ({
          kind: 'payout_created' as const,
          referenceType: 'payout',
          referenceId: String(p.payoutId),
          idempotencyKey: key(p),
          memo: p.memo ?? null,
          actorUserId: p.actorUserId ?? null,
          createdAt: at,
        })),
      )
      .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
      .returning({ id: ledgerEntries.id, key: ledgerEntries.idempotencyKey })
    const entryOf = new Map(entries.map((entry) => [entry.key, entry.id]))
    const lines = fresh.flatMap((p) => {
      const entryId = entryOf.get(key(p))
      if (entryId === undefined) return []
      return [
        {
          entryId,
          accountId: ids.get(accountKey(available(p.sellerId)))!,
          amount: p.amount,
          sellerId: p.sellerId,
          createdAt: at,
        },
        {
          entryId,
          accountId: ids.get(accountKey(transit(p.sellerId)))!,
          amount: -p.amount,
          sellerId: p.sellerId,
          createdAt: at,
        },
      ]
    })
    if (lines.length) await tx.insert(ledgerLines).values(lines)
    written += entries.length
  }
  return written
}
