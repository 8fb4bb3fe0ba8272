import '@tanstack/react-start/server-only'
import { constants } from '#app-config'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { m } from '~/lib/messages'
import type { SellerQuoteTab } from '~/lib/quote-enums'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { days, now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import {
  quoteRequestLines,
  quoteRequestRecipients,
  quoteRequests,
  quoteRevisionLines,
  quoteRevisions,
  quotes,
  skus,
} from '~/server/db/schema'
import { conflict, fieldError, notFound } from '~/server/http/api-errors.server'
import { queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { lineLabel, quoteViews, requestLines, unreadCounts } from './quotes-read.server'
import type {
  SellerQuoteInboxInput,
  SellerQuoteInboxRow,
  SellerQuoteRequestView,
  SubmitQuoteInput,
} from './quotes.schemas'

/**
 * The seller's side (issue #40): a seller sees only the requests sent to it and its own quote on
 * each; its observer reads them too, but only the owner quotes.
 */

/** The inbox tab a request is in for the seller, from the request's and the seller's quote's state. */
export function tabOf(requestStatus: string, quoteStatus: string | null): SellerQuoteTab {
  if (quoteStatus === 'accepted') return 'won'
  if (quoteStatus === 'lost') return 'lost'
  if (quoteStatus === 'expired') return 'expired'
  if (quoteStatus === 'submitted') return requestStatus === 'open' ? 'answered' : 'lost'
  return requestStatus === 'open' ? 'new' : requestStatus === 'expired' ? 'expired' : 'lost'
}

export async function sellerQuoteInbox(
  db: DbOrTx,
  auth: AuthContext | null,
  input: SellerQuoteInboxInput,
): Promise<{ rows: SellerQuoteInboxRow[]; counts: Record<SellerQuoteTab, number> }> {
  const actor = requireApprovedSeller(auth)
  const rows = await db
    .select({
      requestId: quoteRequests.id,
      requestStatus: quoteRequests.status,
      neededBy: quoteRequests.neededBy,
      createdAt: quoteRequests.createdAt,
      lines: sql<number>`(select count(*)::int from quote_request_lines l where l.request_id = quote_requests.id)`,
      quoteId: quotes.id,
      quoteStatus: quotes.status,
      validUntil: quotes.validUntil,
    })
    .from(quoteRequestRecipients)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quoteRequestRecipients.requestId))
    .leftJoin(
      quotes,
      and(eq(quotes.requestId, quoteRequests.id), eq(quotes.sellerId, quoteRequestRecipients.sellerId)),
    )
    .where(eq(quoteRequestRecipients.sellerId, actor.sellerId))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(500)
  const counts: Record<SellerQuoteTab, number> = { new: 0, answered: 0, won: 0, lost: 0, expired: 0 }
  const tabbed = rows.map((r) => ({ ...r, tab: tabOf(r.requestStatus, r.quoteStatus) }))
  for (const r of tabbed) counts[r.tab]++
  const shown = tabbed.filter((r) => r.tab === input.tab)
  const unread = await unreadCounts(
    db,
    shown.flatMap((r) => (r.quoteId ? [r.quoteId] : [])),
    'seller',
  )
  const result: SellerQuoteInboxRow[] = []
  for (const r of shown) {
    const lines = await requestLines(db, r.requestId)
    result.push({
      request_id: r.requestId,
      tab: r.tab,
      needed_by: r.neededBy,
      created_at: r.createdAt.toISOString(),
      first_line: lineLabel(lines[0]),
      lines: Number(r.lines),
      quote_id: r.quoteId,
      valid_until: r.validUntil?.toISOString() ?? null,
      unread: r.quoteId ? (unread.get(r.quoteId) ?? 0) : 0,
    })
  }
  return { rows: result, counts }
}

/** A request sent to this seller, or 404 (a request sent elsewhere is as missing as an unknown one). */
async function receivedRequest(db: DbOrTx, sellerId: number, requestId: number, lock = false) {
  const query = db
    .select({ request: quoteRequests })
    .from(quoteRequestRecipients)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quoteRequestRecipients.requestId))
    .where(
      and(eq(quoteRequestRecipients.requestId, requestId), eq(quoteRequestRecipients.sellerId, sellerId)),
    )
  const [row] = lock ? await query.for('update', { of: quoteRequests }) : await query
  if (!row) throw notFound()
  return row.request
}

export async function getSellerQuoteRequest(
  db: DbOrTx,
  auth: AuthContext | null,
  requestId: number,
): Promise<SellerQuoteRequestView> {
  const actor = requireApprovedSeller(auth)
  const request = await receivedRequest(db, actor.sellerId, requestId)
  const lines = await requestLines(db, request.id)
  const [quote] = await quoteViews(db, { requestId: request.id, sellerId: actor.sellerId }, 'seller', lines)
  return {
    id: request.id,
    status: request.status,
    needed_by: request.neededBy,
    delivery_mode: request.deliveryMode,
    delivery_city: request.deliveryCity,
    payment_preference: request.paymentPreference,
    note: request.note,
    created_at: request.createdAt.toISOString(),
    lines,
    quote: quote ?? null,
  }
}

/** The seller's SKU ids by code, each with its product (a quoted SKU must be the seller's own). */
async function sellerSkus(db: DbOrTx, sellerId: number, codes: string[]) {
  if (codes.length === 0) return new Map<string, { id: number; productId: number }>()
  const rows = await db
    .select({ id: skus.id, sku: skus.sku, productId: skus.productId })
    .from(skus)
    .where(and(eq(skus.sellerId, sellerId), inArray(skus.sku, codes)))
  return new Map(rows.map((r) => [r.sku, { id: r.id, productId: r.productId }]))
}

/**
 * A quote or its revision: one price per line of the request. Allowed while the request is open
 * and the seller's quote is not accepted, lost or expired; every revision is kept (audited).
 */
export async function submitQuote(
  db: DbOrTx,
  auth: AuthContext | null,
  input: SubmitQuoteInput,
): Promise<{ quote_id: number; revision: number }> {
  const actor = requireApprovedSeller(auth, { allowObserver: false })
  return db.transaction(async (tx) => {
    const request = await receivedRequest(tx, actor.sellerId, input.quote_request_id, true)
    if (request.status !== 'open') throw conflict(m.quotes_err_request_not_open())
    const lines = await tx.select().from(quoteRequestLines).where(eq(quoteRequestLines.requestId, request.id))
    const given = new Map(input.lines.map((l) => [l.request_line_id, l]))
    if (
      given.size !== input.lines.length ||
      lines.length !== given.size ||
      lines.some((l) => !given.has(l.id))
    )
      throw fieldError('lines', m.quotes_err_price_every_line())
    const codes = await sellerSkus(tx, actor.sellerId, input.lines.map((l) => l.sku).filter(Boolean))
    lines.forEach((line, i) => {
      const code = given.get(line.id)!.sku
      if (!code) return
      const sku = codes.get(code)
      if (!sku || (line.productId !== null && sku.productId !== line.productId))
        throw fieldError(`lines.${i}.sku`, m.quotes_err_sku_not_yours())
    })
    const at = now()
    const validUntil = new Date(at.getTime() + days(input.valid_days))
    const [existing] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.requestId, request.id), eq(quotes.sellerId, actor.sellerId)))
      .for('update')
    if (existing && existing.status !== 'submitted') throw conflict(m.quotes_err_not_revisable())
    const revision = existing ? existing.currentRevision + 1 : 1
    const quoteId = existing
      ? existing.id
      : (
          await tx
            .insert(quotes)
            .values({
              requestId: request.id,
              sellerId: actor.sellerId,
              validUntil,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: quotes.id })
        )[0]!.id
    if (existing)
      await tx
        .update(quotes)
        .set({ currentRevision: revision, validUntil, updatedAt: at })
        .where(eq(quotes.id, quoteId))
    const [saved] = await tx
      .insert(quoteRevisions)
      .values({
        quoteId,
        revision,
        deliveryFee: input.delivery_fee,
        validUntil,
        note: input.note,
        authorUserId: actor.auth.user.id,
        createdAt: at,
      })
      .returning({ id: quoteRevisions.id })
    await tx.insert(quoteRevisionLines).values(
      lines.map((line) => {
        const l = given.get(line.id)!
        return {
          revisionId: saved!.id,
          requestLineId: line.id,
          unitPrice: l.unit_price,
          skuId: l.sku ? codes.get(l.sku)!.id : null,
          leadTimeDays: l.lead_time_days,
          note: l.note,
        }
      }),
    )
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: revision === 1 ? 'quote.submitted' : 'quote.revised',
      recordType: 'quote',
      recordId: quoteId,
      after: {
        revision,
        delivery_fee: input.delivery_fee,
        valid_until: validUntil.toISOString(),
        lines: input.lines,
      },
    })
    await queueMessageToUser(tx, request.buyerUserId, () =>
      revision === 1
        ? m.quotes_sms_quote_received({ brand: constants.brand.name, id: String(request.id) })
        : m.quotes_sms_quote_revised({ brand: constants.brand.name, id: String(request.id) }),
    )
    return { quote_id: quoteId, revision }
  })
}
