import '@tanstack/react-start/server-only'
import { eq, sql } from 'drizzle-orm'
import { selectRows, type DbOrTx, type Tx } from '~/server/db/client.server'
import { skus, stockMovements } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import type { StockMovementKind } from '~/lib/domain-enums'
import { alertLowStockFalls } from './low-stock.server'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/**
 * The only way stock changes (DOMAIN.md "Stock ledger"): each change updates the SKU and appends a
 * movement in the same transaction, so a SKU's remaining_quantity is always the sum of its ledger.
 * Writers that move many SKUs at once (an order's release) use the set-based statements below.
 * Every writer that can lower stock ends in alertLowStockFalls (changeStock, recordStockMovements,
 * and the import's set-based apply); an order's release only raises stock, so it cannot cross a
 * threshold downwards.
 */

export interface StockMovementContext {
  kind: StockMovementKind
  actorUserId: number | null
  reason?: string | null
  note?: string | null
  orderId?: number | null
  importId?: number | null
}

export interface StockChange extends StockMovementContext {
  skuId: number
  /** Either a relative change… */
  delta?: number
  /** …or the new figure. */
  setTo?: number
  /** The stock the person saw; when it moved meanwhile the change is refused with a 409. */
  expected?: number
}

export interface StockChangeResult {
  before: number
  after: number
  /** False when the change was a no-op (the stock already had that figure). */
  moved: boolean
  /** The ledger row written, when it moved. */
  movementId?: number
}

export const STOCK_MOVED_MESSAGE = (current: number) =>
  m.inventory_stock_moved({ current: formatNumber(current) })

/** 409 for a stale figure; `current` tells the client the new stock to show. */
export class StockMovedError extends HttpError {
  constructor(public readonly current: number) {
    super(409, STOCK_MOVED_MESSAGE(current), { quantity: [STOCK_MOVED_MESSAGE(current)] })
  }
}

export const NEGATIVE_STOCK_MESSAGE = () => m.inventory_stock_negative()

/**
 * Changes one SKU's stock and records why. The SKU row is locked, so concurrent changes queue up
 * and each movement's resulting quantity is exact. Returns null when the SKU does not exist.
 */
export async function changeStock(tx: Tx, change: StockChange): Promise<StockChangeResult | null> {
  const [row] = await tx
    .select({ remaining: skus.remainingQuantity })
    .from(skus)
    .where(eq(skus.id, change.skuId))
    .for('update')
  if (!row) return null
  const before = row.remaining
  if (change.expected !== undefined && change.expected !== before) throw new StockMovedError(before)
  const after = change.setTo ?? before + (change.delta ?? 0)
  if (!Number.isSafeInteger(after) || after < 0)
    throw new HttpError(422, NEGATIVE_STOCK_MESSAGE(), { quantity: [NEGATIVE_STOCK_MESSAGE()] })
  if (after === before) return { before, after, moved: false }
  await tx
    .update(skus)
    .set({ remainingQuantity: after, updatedAt: new Date() })
    .where(eq(skus.id, change.skuId))
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      ...movementFields(change),
      skuId: change.skuId,
      delta: after - before,
      resultingQuantity: after,
    })
    .returning({ id: stockMovements.id })
  await alertLowStockFalls(tx, [
    { skuId: change.skuId, delta: after - before, resultingQuantity: after, movementId: movement!.id },
  ])
  return { before, after, moved: true, movementId: movement!.id }
}

function movementFields(context: StockMovementContext) {
  return {
    kind: context.kind,
    actorUserId: context.actorUserId,
    reason: context.reason ?? null,
    note: context.note ?? null,
    orderId: context.orderId ?? null,
    importId: context.importId ?? null,
  }
}

/**
 * Records movements for stock an already-run statement changed (e.g. checkout's conditional
 * "take N if at least N are left" update), with the SKU's figure after it.
 */
export async function recordStockMovements(
  tx: DbOrTx,
  context: StockMovementContext,
  moves: readonly { skuId: number; delta: number; resultingQuantity: number }[],
): Promise<void> {
  const rows = moves.filter((move) => move.delta !== 0)
  if (rows.length === 0) return
  const written = await tx
    .insert(stockMovements)
    .values(rows.map((move) => ({ ...movementFields(context), ...move })))
    .returning({ id: stockMovements.id })
  // Rows come back in the order of the VALUES list.
  await alertLowStockFalls(
    tx,
    rows.map((move, i) => ({ ...move, movementId: written[i]?.id ?? null })),
  )
}

/**
 * The first ledger row of every SKU that has stock but no ledger yet (the demo seed, and SKUs that
 * existed before the ledger): an `adjustment` for the whole figure, reason `opening_stock`.
 */
export async function openLedgersForUntrackedStock(db: DbOrTx): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`insert into ${stockMovements} (sku_id, kind, delta, resulting_quantity, reason)
        select s.id, 'adjustment', s.remaining_quantity, s.remaining_quantity, 'opening_stock'
        from ${skus} s
        where s.remaining_quantity <> 0
          and not exists (select 1 from ${stockMovements} m where m.sku_id = s.id)
        returning id`,
  )
  return rows.length
}

/** SKUs whose stock differs from the sum of their ledger (always none; the tests assert it). */
export async function ledgerMismatches(
  db: DbOrTx,
): Promise<{ skuId: number; stock: number; ledger: number }[]> {
  const rows = await selectRows<{ sku_id: number; stock: number; ledger: number }>(
    db,
    sql`select s.id as sku_id, s.remaining_quantity as stock, coalesce(sum(m.delta), 0)::int as ledger
        from ${skus} s left join ${stockMovements} m on m.sku_id = s.id
        group by s.id having s.remaining_quantity <> coalesce(sum(m.delta), 0)`,
  )
  return rows.map((row) => ({
    skuId: Number(row.sku_id),
    stock: Number(row.stock),
    ledger: Number(row.ledger),
  }))
}
