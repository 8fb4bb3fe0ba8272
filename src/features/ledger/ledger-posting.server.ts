import '@tanstack/react-start/server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { LedgerAccountKind, LedgerEntryKind } from '~/lib/ledger-enums'
import { sellerAccountKinds } from '~/lib/ledger-enums'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { ledgerAccounts, ledgerEntries, ledgerLines } from '~/server/db/schema'

/** An account by what it is: a platform account by kind alone, a seller's with its seller. */
export interface AccountRef {
  kind: LedgerAccountKind
  sellerId?: number | null
  buyerUserId?: number | null
}

export interface LedgerLineInput {
  account: AccountRef
  /** Rials, signed: a debit is positive, a credit negative. */
  amount: number
}

export interface PostEntryInput {
  kind: LedgerEntryKind
  /** What the entry is about, e.g. { type: 'order', id: 42 }. */
  reference: { type: string; id: string | number }
  /** The same key again returns the entry already written and writes nothing. */
  idempotencyKey: string
  memo?: string | null
  actorUserId?: number | null
  lines: readonly LedgerLineInput[]
}

export interface LedgerEntry {
  id: number
  kind: LedgerEntryKind
  referenceType: string
  referenceId: string
  idempotencyKey: string
  memo: string | null
  createdAt: Date
  /** True when the key had been posted before: nothing was written by this call. */
  replayed: boolean
}

export class UnbalancedEntryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnbalancedEntryError'
  }
}

const isSellerKind = (kind: LedgerAccountKind) => (sellerAccountKinds as readonly string[]).includes(kind)
/** How accountIds' map names an account. */
export const accountKey = (ref: AccountRef) => `${ref.kind}:${ref.sellerId ?? 0}:${ref.buyerUserId ?? 0}`

function checkRef(ref: AccountRef): void {
  if (isSellerKind(ref.kind) && !ref.sellerId)
    throw new UnbalancedEntryError(`account ${ref.kind} needs a seller`)
  if (!isSellerKind(ref.kind) && ref.sellerId)
    throw new UnbalancedEntryError(`account ${ref.kind} belongs to no seller`)
}

/**
 * The ids of these accounts, each created on first use (insert ... on conflict do nothing, so two
 * transactions creating the same account both end up with the one row).
 */
export async function accountIds(tx: DbOrTx, refs: readonly AccountRef[]): Promise<Map<string, number>> {
  const unique = [...new Map(refs.map((ref) => [accountKey(ref), ref])).values()]
  if (unique.length === 0) return new Map()
  await tx
    .insert(ledgerAccounts)
    .values(
      unique.map((ref) => ({
        kind: ref.kind,
        sellerId: ref.sellerId ?? null,
        buyerUserId: ref.buyerUserId ?? null,
      })),
    )
    .onConflictDoNothing()
  const rows = await tx
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      sellerId: ledgerAccounts.sellerId,
      buyerUserId: ledgerAccounts.buyerUserId,
    })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.kind, [...new Set(unique.map((ref) => ref.kind))]),
        sql`(${ledgerAccounts.kind}::text || ':' || coalesce(${ledgerAccounts.sellerId}, 0) || ':' ||
             coalesce(${ledgerAccounts.buyerUserId}, 0)) in ${unique.map(accountKey)}`,
      ),
    )
  return new Map(rows.map((row) => [accountKey(row), row.id]))
}

/** One account's id (created on first use), locked for update: a serialisation point for its owner. */
export async function lockAccount(tx: DbOrTx, ref: AccountRef): Promise<number> {
  checkRef(ref)
  const id = (await accountIds(tx, [ref])).get(accountKey(ref))!
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, id))
    .for('update')
  return id
}

const entryColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  referenceType: ledgerEntries.referenceType,
  referenceId: ledgerEntries.referenceId,
  idempotencyKey: ledgerEntries.idempotencyKey,
  memo: ledgerEntries.memo,
  createdAt: ledgerEntries.createdAt,
}

/**
 * Writes one balanced journal entry inside the caller's transaction. Lines of zero are left out; an
 * entry whose lines do not sum to zero (or with fewer than two left) is refused before anything is
 * written (the database refuses it again at commit). A key posted before returns that entry and
 * writes nothing, so a replayed callback or job doubles nothing. Null when every line was zero.
 */
export async function postEntry(tx: DbOrTx, input: PostEntryInput): Promise<LedgerEntry | null> {
  const lines = input.lines.filter((line) => line.amount !== 0)
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount))
      throw new UnbalancedEntryError(`ledger amounts are whole rials: ${line.amount}`)
    checkRef(line.account)
  }
  if (lines.length === 0) return null
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  if (total !== 0) throw new UnbalancedEntryError(`entry ${input.idempotencyKey} does not balance: ${total}`)
  if (lines.length < 2) throw new UnbalancedEntryError(`entry ${input.idempotencyKey} needs two lines`)

  const at = now()
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      kind: input.kind,
      referenceType: input.reference.type,
      referenceId: String(input.reference.id),
      idempotencyKey: input.idempotencyKey,
      memo: input.memo ?? null,
      actorUserId: input.actorUserId ?? null,
      createdAt: at,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning(entryColumns)
  if (!entry) {
    const [existing] = await tx
      .select(entryColumns)
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, input.idempotencyKey))
    return { ...existing!, replayed: true }
  }
  const ids = await accountIds(
    tx,
    lines.map((line) => line.account),
  )
  await tx.insert(ledgerLines).values(
    lines.map((line) => ({
      entryId: entry.id,
      accountId: ids.get(accountKey(line.account))!,
      amount: line.amount,
      sellerId: line.account.sellerId ?? null,
      createdAt: at,
    })),
  )
  return { ...entry, replayed: false }
}

/** The entry posted under a key, if any. */
export async function entryByKey(db: DbOrTx, idempotencyKey: string): Promise<LedgerEntry | null> {
  const [entry] = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
  return entry ? { ...entry, replayed: false } : null
}
