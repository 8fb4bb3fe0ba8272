import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { planOfSeller } from '~/features/plans/index.server'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { sendDebouncedJob, sendJob } from '~/server/jobs/jobs.server'

/**
 * When a magazine's PDF line sheet is drawn again (issue #18). The sheet is served from its cache
 * while its fingerprint matches what the magazine prints now, so a stale sheet is never served;
 * queueing the `magazine.line-sheet` job when something it prints changes means the next buyer
 * gets the new sheet from the cache instead of waiting for it to be drawn.
 *
 * The catalogue's listing refresh (which every price, tier, import, stock and status writer calls in
 * its transaction) runs `queueLineSheetsOfProducts` through the hook src/feature-hooks.server.ts
 * registers at start, so the catalogue imports no magazine code.
 */

/** The plan feature that gives a seller PDF line sheets. */
export const LINE_SHEET_FEATURE = 'magazine_pdf'

/** Whether a seller's plan in force includes PDF line sheets. */
export async function sellerHasLineSheets(db: DbOrTx, sellerId: number): Promise<boolean> {
  const plan = await planOfSeller(db, sellerId)
  return plan.features.includes(LINE_SHEET_FEATURE)
}

/** Queues the sheet's rendering inside the publishing transaction (it exists only if that commits). */
export async function queueLineSheet(tx: DbOrTx, sellerId: number, magazineId: number): Promise<void> {
  if (await sellerHasLineSheets(tx, sellerId)) await sendJob(tx, 'magazine.line-sheet', { magazineId })
}

/**
 * Price and stock changes come in bursts (an import, a busy hour of orders): one sheet render per
 * magazine per this many seconds, the last change of a burst drawn in the next slot.
 */
export const LINE_SHEET_DEBOUNCE_SECONDS = 30

const idArray = (ids: readonly number[]) => {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('ids must be integers')
  return `{${ids.join(',')}}`
}

/**
 * The open published magazines (not past their cut-off) holding an SKU of the given products, with
 * their sellers. The one place that answers "whose line sheet prints this?".
 */
export async function publishedMagazinesHoldingProducts(
  db: DbOrTx,
  productIds: readonly number[],
): Promise<{ magazineId: number; sellerId: number }[]> {
  if (productIds.length === 0) return []
  const rows = await selectRows<{ id: number; seller_id: number }>(
    db,
    sql`
      select distinct m.id, m.seller_id
      from skus s
      join magazine_items i on i.sku_id = s.id
      join magazine_pages p on p.id = i.page_id
      join magazines m on m.id = p.magazine_id
      where s.product_id = any(${idArray([...new Set(productIds)])}::int[])
        and m.status = 'published'
        and (m.cutoff_at is null or m.cutoff_at > ${now().toISOString()}::timestamptz)
      order by m.id
    `,
  )
  return rows.map((r) => ({ magazineId: Number(r.id), sellerId: Number(r.seller_id) }))
}

/**
 * Something a line sheet prints about these products changed (a price or tier, a tier that started
 * or ended, stock, an SKU's or store's status, the product itself): queue the sheets of the
 * published magazines holding them, in the caller's transaction. Returns how many were queued.
 */
export async function queueLineSheetsOfProducts(db: DbOrTx, productIds: readonly number[]): Promise<number> {
  const held = await publishedMagazinesHoldingProducts(db, productIds)
  let queued = 0
  const plans = new Map<number, boolean>()
  for (const { magazineId, sellerId } of held) {
    if (!plans.has(sellerId)) plans.set(sellerId, await sellerHasLineSheets(db, sellerId))
    if (!plans.get(sellerId)) continue
    await sendDebouncedJob(
      db,
      'magazine.line-sheet',
      { magazineId },
      { key: `magazine-${magazineId}`, seconds: LINE_SHEET_DEBOUNCE_SECONDS },
    )
    queued++
  }
  return queued
}
