import '@tanstack/react-start/server-only'
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { constants } from '#app-config'
import { sellerBalances, sellerStatement } from '~/features/ledger/index.server'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { tehranDayEnd, tehranDayStart } from '~/lib/tehran-time'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { DbOrTx } from '~/server/db/client.server'
import { ledgerEntries, ledgerLines, orderLines, orders } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { commissionInvoicesOf } from './commission-invoices.server'
import {
  EXPORT_MAX_ROWS,
  STATEMENT_PAGE_SIZE,
  type FinanceOverviewView,
  type FinanceSearch,
  type StatementFilters,
  type StatementLineView,
  type StatementOrderView,
  type StatementPageView,
} from './seller-finance.schemas'

/**
 * /seller/finance's reads (issue #38). The owner and its observers may read (as on the orders and
 * inventory pages); the commission invoice's PDF is the owner's only, as plan invoices are.
 */
const readActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })

export async function financeOverview(db: DbOrTx, auth: AuthContext | null): Promise<FinanceOverviewView> {
  const { sellerId } = readActor(auth)
  const balances = await sellerBalances(db, sellerId)
  const invoices = await commissionInvoicesOf(db, sellerId)
  return {
    balances: {
      pending: balances.pending,
      available: balances.available,
      in_transit: balances.inTransit,
      paid_out: balances.paidOut,
      negative: balances.negative,
      currency: constants.money.currency,
    },
    invoices,
  }
}

/**
 * The seller's orders among `orderIds`, each with what the share was taken from and the commission
 * and VAT its lines recorded when it was paid: one query for a page of statement lines.
 */
async function orderMoney(
  db: DbOrTx,
  sellerId: number,
  orderIds: number[],
): Promise<Map<number, StatementOrderView>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      gross: sql<string>`${orders.total} + ${orders.deliveryPaidByPlatform}`,
      commission: sql<string>`coalesce(sum(${orderLines.commissionAmount}), 0)`,
      vat: sql<string>`coalesce(sum(${orderLines.commissionVat}), 0)`,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.sellerId, sellerId), inArray(orders.id, orderIds)))
    .groupBy(orders.id)
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        number: r.number,
        gross: Number(r.gross),
        commission: Number(r.commission),
        commission_vat: Number(r.vat),
      },
    ]),
  )
}

const orderIdOf = (line: { referenceType: string; referenceId: string }) =>
  line.referenceType === 'order' && /^\d{1,10}$/.test(line.referenceId) ? Number(line.referenceId) : null

/** One page of the statement with each order line's breakdown; `sellerId` is the caller's own. */
export async function statementPageOf(
  db: DbOrTx,
  sellerId: number,
  query: StatementFilters & { cursor?: string | null; limit?: number },
): Promise<StatementPageView> {
  const page = await sellerStatement(db, sellerId, {
    from: query.from,
    to: query.to,
    kind: query.kind,
    cursor: query.cursor ?? null,
    limit: query.limit ?? STATEMENT_PAGE_SIZE,
  })
  const ids = [...new Set(page.lines.map(orderIdOf).filter((id): id is number => id !== null))]
  const money = await orderMoney(db, sellerId, ids)
  const lines: StatementLineView[] = page.lines.map((line) => {
    const orderId = orderIdOf(line)
    return {
      id: line.id,
      at: line.createdAt.toISOString(),
      account: line.account as StatementLineView['account'],
      amount: line.amount,
      kind: line.entryKind as StatementLineView['kind'],
      reference_type: line.referenceType,
      reference_id: line.referenceId,
      order: orderId === null ? null : (money.get(orderId) ?? null),
    }
  })
  return { lines, next: page.next, currency: constants.money.currency }
}

export async function statementPage(
  db: DbOrTx,
  auth: AuthContext | null,
  search: FinanceSearch,
): Promise<StatementPageView> {
  const { sellerId } = readActor(auth)
  return statementPageOf(db, sellerId, search)
}

/** How many lines the filters find (an export refuses more than EXPORT_MAX_ROWS before it starts). */
export async function statementCount(
  db: DbOrTx,
  sellerId: number,
  filters: StatementFilters,
): Promise<number> {
  const conditions: SQL[] = [eq(ledgerLines.sellerId, sellerId)]
  if (filters.from) conditions.push(gte(ledgerLines.createdAt, tehranDayStart(filters.from)))
  if (filters.to) conditions.push(lt(ledgerLines.createdAt, tehranDayEnd(filters.to)))
  if (filters.kind) conditions.push(eq(ledgerEntries.kind, filters.kind))
  const [row] = await db
    .select({ n: count() })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(...conditions))
  return Number(row?.n ?? 0)
}

/** 422: the export would be larger than one file takes. */
export const exportTooLarge = (found: number) =>
  new HttpError(
    422,
    m.finance_export_too_many({ count: formatNumber(found), max: formatNumber(EXPORT_MAX_ROWS) }),
  )
