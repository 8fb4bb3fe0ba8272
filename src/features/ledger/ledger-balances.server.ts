import '@tanstack/react-start/server-only'
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { ledgerAccountKinds, type LedgerAccountKind, type LedgerEntryKind } from '~/lib/ledger-enums'
import { tehranDayEnd, tehranDayStart } from '~/lib/tehran-time'
import type { DbOrTx } from '~/server/db/client.server'
import { ledgerAccounts, ledgerEntries, ledgerLines } from '~/server/db/schema'

/** A seller's money, in rials, each a sum of ledger lines (never a stored counter). */
export interface SellerBalances {
  /** Owed for paid orders not yet completed (or past the holding days). */
  pending: number
  /** Owed and payable; negative after a refund larger than what was left (recovered from payouts). */
  available: number
  /** Payouts made and not yet confirmed paid by the bank. */
  inTransit: number
  /** Payouts the bank has paid, in all. */
  paidOut: number
  /** What the seller owes the platform: −available when available is below zero, else 0. */
  negative: number
}

export async function sellerBalances(db: DbOrTx, sellerId: number): Promise<SellerBalances> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      total: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)`,
      paidOut: sql<string>`coalesce(sum(${ledgerLines.amount}) filter (
        where ${ledgerLines.amount} > 0 and exists (
          select 1 from ${ledgerEntries} where ${ledgerEntries.id} = ${ledgerLines.entryId}
            and ${ledgerEntries.kind} = 'payout_paid')), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerLines, eq(ledgerLines.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.sellerId, sellerId))
    .groupBy(ledgerAccounts.kind)
  const owed = (kind: LedgerAccountKind) => 0 - Number(rows.find((r) => r.kind === kind)?.total ?? 0)
  const available = owed('seller_available')
  return {
    pending: owed('seller_pending'),
    available,
    inTransit: owed('payouts_in_transit'),
    paidOut: Number(rows.find((r) => r.kind === 'payouts_in_transit')?.paidOut ?? 0),
    negative: available < 0 ? 0 - available : 0,
  }
}

/** The platform's side: each account kind's balance (sum of lines; credits negative) over all owners. */
export type PlatformTotals = Record<LedgerAccountKind, number>

export async function platformTotals(db: DbOrTx): Promise<PlatformTotals> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, total: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)` })
    .from(ledgerAccounts)
    .leftJoin(ledgerLines, eq(ledgerLines.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.kind)
  const totals = Object.fromEntries(ledgerAccountKinds.map((kind) => [kind, 0])) as PlatformTotals
  for (const row of rows) totals[row.kind] = Number(row.total)
  return totals
}

export interface StatementQuery {
  /** Tehran calendar days "2026-11-26", both included. */
  from?: string
  to?: string
  kind?: LedgerEntryKind
  /** The `next` of the previous page. */
  cursor?: string | null
  limit?: number
}

export interface StatementLine {
  id: number
  createdAt: Date
  account: LedgerAccountKind
  /** Signed as the seller reads it: positive is money owed to the seller. */
  amount: number
  entryId: number
  entryKind: LedgerEntryKind
  referenceType: string
  referenceId: string
  memo: string | null
}

export const STATEMENT_MAX_LIMIT = 200

const encodeCursor = (line: { createdAt: Date; id: number }) =>
  Buffer.from(`${line.createdAt.toISOString()}|${line.id}`).toString('base64url')

function decodeCursor(cursor: string): { at: Date; id: number } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  const when = new Date(at ?? '')
  const n = Number(id)
  return Number.isNaN(when.getTime()) || !Number.isSafeInteger(n) ? null : { at: when, id: n }
}

/**
 * A seller's statement, newest first, keyset-paginated on (created_at, id) over the index
 * ledger_lines_seller_statement_idx: a page costs the same on the first and the thousandth page.
 */
export async function sellerStatement(
  db: DbOrTx,
  sellerId: number,
  query: StatementQuery = {},
): Promise<{ lines: StatementLine[]; next: string | null }> {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 50), 1), STATEMENT_MAX_LIMIT)
  const conditions: SQL[] = [eq(ledgerLines.sellerId, sellerId)]
  if (query.from) conditions.push(gte(ledgerLines.createdAt, tehranDayStart(query.from)))
  if (query.to) conditions.push(lt(ledgerLines.createdAt, tehranDayEnd(query.to)))
  if (query.kind) conditions.push(eq(ledgerEntries.kind, query.kind))
  const after = query.cursor ? decodeCursor(query.cursor) : null
  // A row comparison, not (a < x or (a = x and id < y)): PostgreSQL bounds the index scan with it.
  if (after)
    conditions.push(
      sql`(${ledgerLines.createdAt}, ${ledgerLines.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::bigint)`,
    )
  const rows = await db
    .select({
      id: ledgerLines.id,
      createdAt: ledgerLines.createdAt,
      account: ledgerAccounts.kind,
      amount: ledgerLines.amount,
      entryId: ledgerEntries.id,
      entryKind: ledgerEntries.kind,
      referenceType: ledgerEntries.referenceType,
      referenceId: ledgerEntries.referenceId,
      memo: ledgerEntries.memo,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(and(...conditions))
    // "desc nulls last", as the index is declared: a plain "desc" (nulls first) cannot read it in order.
    .orderBy(sql`${ledgerLines.createdAt} desc nulls last`, sql`${ledgerLines.id} desc nulls last`)
    .limit(limit + 1)
  const lines = rows.slice(0, limit).map((row) => ({ ...row, amount: 0 - row.amount }))
  return { lines, next: rows.length > limit ? encodeCursor(lines.at(-1)!) : null }
}
