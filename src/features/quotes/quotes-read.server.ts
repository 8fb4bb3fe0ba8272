import '@tanstack/react-start/server-only'
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import type { DbOrTx } from '~/server/db/client.server'
import {
  products,
  quoteMessages,
  quoteRequestLines,
  quoteRevisionLines,
  quoteRevisions,
  quotes,
  sellers,
  skus,
} from '~/server/db/schema'
import type { QuoteMessageSide } from '~/lib/quote-enums'
import type { QuoteRequestLineView, QuoteRevisionView, QuoteView } from './quotes.schemas'

/**
 * Reads shared by the buyer's and the seller's pages. Callers have already checked that the
 * request or quote is the caller's: nothing here looks at who asks.
 */

export async function requestLines(db: DbOrTx, requestId: number): Promise<QuoteRequestLineView[]> {
  const rows = await db
    .select({
      id: quoteRequestLines.id,
      position: quoteRequestLines.position,
      description: quoteRequestLines.description,
      quantity: quoteRequestLines.quantity,
      unit: quoteRequestLines.unit,
      target: quoteRequestLines.targetUnitPrice,
      slug: products.slug,
      name: products.name,
      nameFa: products.nameFa,
    })
    .from(quoteRequestLines)
    .leftJoin(products, eq(products.id, quoteRequestLines.productId))
    .where(eq(quoteRequestLines.requestId, requestId))
    .orderBy(asc(quoteRequestLines.position))
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    product: r.slug ? { slug: r.slug, name: textInLocale(r.name ?? '', r.nameFa) } : null,
    description: r.description,
    quantity: r.quantity,
    unit: r.unit,
    target_unit_price: r.target === null ? null : Number(r.target),
  }))
}

/** The first line's name, for lists. */
export const lineLabel = (line: QuoteRequestLineView | undefined) =>
  line ? (line.product?.name ?? line.description) : ''

/** Messages of the other side newer than the reader's marker, per quote. */
export async function unreadCounts(
  db: DbOrTx,
  quoteIds: number[],
  reader: QuoteMessageSide,
): Promise<Map<number, number>> {
  if (quoteIds.length === 0) return new Map()
  const marker = reader === 'buyer' ? quotes.buyerReadMessageId : quotes.sellerReadMessageId
  const rows = await db
    .select({ quoteId: quoteMessages.quoteId, count: sql<number>`count(*)::int` })
    .from(quoteMessages)
    .innerJoin(quotes, eq(quotes.id, quoteMessages.quoteId))
    .where(
      and(
        inArray(quoteMessages.quoteId, quoteIds),
        ne(quoteMessages.authorSide, reader),
        gt(quoteMessages.id, marker),
      ),
    )
    .groupBy(quoteMessages.quoteId)
  return new Map(rows.map((r) => [r.quoteId, Number(r.count)]))
}

/** Quotes with every revision (current first) and their lines, totals at the requested quantities. */
export async function quoteViews(
  db: DbOrTx,
  where: { requestId: number; sellerId?: number },
  reader: QuoteMessageSide,
  lines: QuoteRequestLineView[],
): Promise<QuoteView[]> {
  const rows = await db
    .select({
      id: quotes.id,
      sellerId: quotes.sellerId,
      sellerName: sellers.displayName,
      sellerNameFa: sellers.displayNameFa,
      status: quotes.status,
      validUntil: quotes.validUntil,
    })
    .from(quotes)
    .innerJoin(sellers, eq(sellers.id, quotes.sellerId))
    .where(
      and(
        eq(quotes.requestId, where.requestId),
        where.sellerId === undefined ? undefined : eq(quotes.sellerId, where.sellerId),
      ),
    )
    .orderBy(asc(quotes.id))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const revisions = await db
    .select()
    .from(quoteRevisions)
    .where(inArray(quoteRevisions.quoteId, ids))
    .orderBy(desc(quoteRevisions.revision))
  const revisionLines = revisions.length
    ? await db
        .select({
          revisionId: quoteRevisionLines.revisionId,
          lineId: quoteRevisionLines.requestLineId,
          unitPrice: quoteRevisionLines.unitPrice,
          sku: skus.sku,
          leadTimeDays: quoteRevisionLines.leadTimeDays,
          note: quoteRevisionLines.note,
        })
        .from(quoteRevisionLines)
        .leftJoin(skus, eq(skus.id, quoteRevisionLines.skuId))
        .where(
          inArray(
            quoteRevisionLines.revisionId,
            revisions.map((r) => r.id),
          ),
        )
    : []
  const quantity = new Map(lines.map((l) => [l.id, l.quantity]))
  const position = new Map(lines.map((l) => [l.id, l.position]))
  const unread = await unreadCounts(db, ids, reader)
  return rows.map((row) => ({
    id: row.id,
    seller: { id: row.sellerId, name: textInLocale(row.sellerName, row.sellerNameFa) },
    status: row.status,
    valid_until: row.validUntil.toISOString(),
    unread: unread.get(row.id) ?? 0,
    revisions: revisions
      .filter((r) => r.quoteId === row.id)
      .map((r): QuoteRevisionView => {
        const mine = revisionLines
          .filter((l) => l.revisionId === r.id)
          .sort((a, b) => (position.get(a.lineId) ?? 0) - (position.get(b.lineId) ?? 0))
          .map((l) => ({
            request_line_id: l.lineId,
            unit_price: Number(l.unitPrice),
            sku: l.sku,
            lead_time_days: l.leadTimeDays,
            note: l.note,
          }))
        const goods = mine.reduce((sum, l) => sum + l.unit_price * (quantity.get(l.request_line_id) ?? 0), 0)
        return {
          revision: r.revision,
          delivery_fee: Number(r.deliveryFee),
          valid_until: r.validUntil.toISOString(),
          note: r.note,
          created_at: r.createdAt.toISOString(),
          lines: mine,
          total: goods + Number(r.deliveryFee),
        }
      }),
  }))
}

/** For each request line, the quotes (still open or accepted) whose current price is the lowest. */
export function cheapestPerLine(views: QuoteView[]): Record<number, number[]> {
  const best: Record<number, { price: number; ids: number[] }> = {}
  for (const quote of views) {
    if (quote.status === 'expired') continue
    for (const line of quote.revisions[0]?.lines ?? []) {
      const current = best[line.request_line_id]
      if (!current || line.unit_price < current.price)
        best[line.request_line_id] = { price: line.unit_price, ids: [quote.id] }
      else if (line.unit_price === current.price) current.ids.push(quote.id)
    }
  }
  return Object.fromEntries(Object.entries(best).map(([id, b]) => [id, b.ids]))
}
