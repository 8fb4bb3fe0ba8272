import '@tanstack/react-start/server-only'
import { and, asc, eq } from 'drizzle-orm'
import { addLines, removeAddedLines } from '~/features/basket/index.server'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { orderLines, orders } from '~/server/db/schema'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import { alternativesFor, lookupCodes, offerFor } from './offer-lookup.server'
import { parseQuickOrderText } from './quick-order-parse'
import {
  MAX_BULK_LINES,
  type AddLinesInput,
  type AddLinesResult,
  type QuickOrderCheck,
  type QuickOrderLine,
  type ReorderChange,
  type ReorderLine,
  type ReorderPreview,
  type UndoLinesInput,
} from './reorder.schemas'

/**
 * Reorder and quick order (issue #41). Every operation is the signed-in buyer's own: an order of
 * another buyer answers like a missing one, and the basket written is always the caller's.
 */

/**
 * "Buy again" for one of the caller's orders: each line at today's price for its quantity, with
 * what changed since the order (price up or down, out of stock, below the seller's minimum now,
 * SKU retired with the cheapest live offer of the same product instead). Nothing is added here.
 */
export async function previewReorder(
  db: DbOrTx,
  auth: AuthContext | null,
  orderId: number,
): Promise<ReorderPreview> {
  const { user } = requireUser(auth)
  const [order] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerUserId, user.id)))
  if (!order) throw notFound(m.reorder_order_not_found())
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(orderLines.id))
  const at = now()
  const found = await lookupCodes(
    db,
    lines.map((line) => line.sku),
    at,
  )
  const retired = lines.filter((line) => !found.get(line.sku)?.live)
  const alternatives = await alternativesFor(
    db,
    retired.flatMap((line) => (line.productId ? [line.productId] : [])),
    retired.flatMap((line) => (line.skuId ? [line.skuId] : [])),
    at,
  )
  return {
    orderId: order.id,
    orderNumber: order.number,
    lines: lines.map((line): ReorderLine => {
      const paid = Number(line.offerPrice) > 0 ? Number(line.offerPrice) : Number(line.unitPrice)
      const lookup = found.get(line.sku)
      const base = {
        sku: line.sku,
        productName: textInLocale(line.productName, line.productNameFa),
        quantity: line.quantity,
        paidUnitPrice: paid,
      }
      if (!lookup?.live) {
        const other = line.productId ? alternatives.get(line.productId) : undefined
        const alternative = other
          ? offerFor(other, Math.max(line.quantity, offerFor(other, 1)!.minQuantity))
          : null
        return {
          ...base,
          addQuantity: line.quantity,
          offer: null,
          changes: [{ kind: 'retired' }],
          alternative,
          addable: false,
        }
      }
      const entry = offerFor(lookup, line.quantity)!
      const addQuantity = Math.max(line.quantity, entry.minQuantity)
      const offer = offerFor(lookup, addQuantity)!
      const changes: ReorderChange[] = []
      if (addQuantity > line.quantity) changes.push({ kind: 'below_moq', minQuantity: entry.minQuantity })
      if (offer.unitPrice !== paid)
        changes.push({
          kind: offer.unitPrice > paid ? 'price_up' : 'price_down',
          from: paid,
          to: offer.unitPrice,
        })
      const outOfStock = !lookup.alwaysAvailable && lookup.stock <= 0
      if (outOfStock) changes.push({ kind: 'out_of_stock' })
      else if (!lookup.alwaysAvailable && lookup.stock < addQuantity)
        changes.push({ kind: 'not_enough_stock', stock: lookup.stock })
      return { ...base, addQuantity, offer, changes, alternative: null, addable: !outOfStock }
    }),
  }
}

/** Checks a quick order's lines: each with its offer for that quantity, or what is wrong with it. */
export async function checkQuickOrderLines(
  db: DbOrTx,
  parsed: readonly { line: number; sku: string; quantityText: string; quantity: number | null }[],
): Promise<QuickOrderCheck> {
  if (parsed.length > MAX_BULK_LINES)
    throw new HttpError(422, m.reorder_lines_max({ max: formatNumber(MAX_BULK_LINES) }))
  const found = await lookupCodes(
    db,
    parsed.map((line) => line.sku),
    now(),
  )
  const lines = parsed.map((line): QuickOrderLine => {
    const shown = {
      line: line.line,
      sku: line.sku.slice(0, 80),
      quantityText: line.quantityText.slice(0, 40),
    }
    const lookup = found.get(line.sku)
    if (!lookup) return { ...shown, quantity: line.quantity, offer: null, problem: 'unknown_code' }
    const offer = lookup.live ? offerFor(lookup, line.quantity ?? 1) : null
    if (!offer) return { ...shown, quantity: line.quantity, offer: null, problem: 'not_on_offer' }
    const result = { ...shown, quantity: line.quantity, offer }
    if (line.quantity === null) return { ...result, problem: 'bad_quantity' }
    if (!lookup.alwaysAvailable && lookup.stock <= 0) return { ...result, problem: 'out_of_stock' }
    if (line.quantity < offer.minQuantity) return { ...result, problem: 'below_moq' }
    if (!lookup.alwaysAvailable && lookup.stock < line.quantity)
      return { ...result, problem: 'not_enough_stock' }
    return { ...result, problem: null }
  })
  return { lines, valid: lines.filter((line) => line.problem === null).length }
}

/** The pasted text, checked line by line (see quick-order-parse.ts for what it reads). */
export async function checkQuickOrder(
  db: DbOrTx,
  auth: AuthContext | null,
  text: string,
): Promise<QuickOrderCheck> {
  requireUser(auth)
  return checkQuickOrderLines(db, parseQuickOrderText(text))
}

/**
 * Adds the lines to the caller's basket in one transaction, all or none (a price different from the
 * one shown refuses it). The answer lists what was added: `undoAddToBasket` takes exactly that out.
 */
export async function addToBasketInOneStep(
  db: Db,
  auth: AuthContext | null,
  input: AddLinesInput,
): Promise<AddLinesResult> {
  const { user } = requireUser(auth)
  const added = await addLines(
    db,
    user.id,
    input.lines.map((line) => ({
      sku: line.sku,
      quantity: line.quantity,
      expectedUnitPrice: line.unit_price,
    })),
  )
  return { added, message: m.reorder_added({ count: formatNumber(added.length) }) }
}

export async function undoAddToBasket(
  db: Db,
  auth: AuthContext | null,
  input: UndoLinesInput,
): Promise<{ message: string }> {
  const { user } = requireUser(auth)
  await removeAddedLines(db, user.id, input.lines)
  return { message: m.reorder_undone() }
}
