import '@tanstack/react-start/server-only'
import { enforceRateLimits, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import { constants } from '#app-config'
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { addDays, tehranDayOf } from '~/lib/tehran-time'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { days, now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import {
  cartItems,
  carts,
  products,
  quoteRequestLines,
  quoteRequestRecipients,
  quoteRequests,
  quoteRevisionLines,
  quoteRevisions,
  quotedPrices,
  quotes,
  sellers,
  skus,
  stores,
} from '~/server/db/schema'
import { conflict, fieldError, notFound } from '~/server/http/api-errors.server'
import { queueMessageToSellerOwner } from '~/server/providers/sms/outbox.server'
import { findIranCity } from '~/lib/iran-cities'
import { cheapestPerLine, lineLabel, quoteViews, requestLines, unreadCounts } from './quotes-read.server'
import type {
  AcceptedQuote,
  CreateQuoteRequestInput,
  QuoteRequestSummary,
  QuoteRequestView,
  QuoteSellerOption,
  QuoteSellersInput,
} from './quotes.schemas'

/** The buyer's side of requests for quotation (issue #40): every read and write is the caller's own. */

/** Approved sellers with an active offer of any of these products (the request form's choice). */
export async function listQuoteSellers(
  db: DbOrTx,
  auth: AuthContext | null,
  input: QuoteSellersInput,
): Promise<QuoteSellerOption[]> {
  const caller = requireUser(auth)
  const slugs = [...new Set(input.product_slugs)]
  const own = caller.user.seller?.id ?? 0
  const rows = await db
    .selectDistinct({
      id: sellers.id,
      name: sellers.displayName,
      nameFa: sellers.displayNameFa,
      city: sellers.city,
    })
    .from(sellers)
    .innerJoin(skus, eq(skus.sellerId, sellers.id))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .where(
      and(
        eq(sellers.status, 'approved'),
        ne(sellers.id, own),
        eq(skus.status, 'active'),
        eq(stores.status, 'active'),
        eq(products.status, 'active'),
        slugs.length ? inArray(products.slug, slugs) : sql`false`,
      ),
    )
    .orderBy(asc(sellers.displayName))
    .limit(100)
  return rows.map((r) => ({ id: r.id, name: textInLocale(r.name, r.nameFa), city: r.city }))
}

async function productIdsOf(db: DbOrTx, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map()
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(inArray(products.slug, slugs), eq(products.status, 'active')))
  return new Map(rows.map((r) => [r.slug, r.id]))
}

/** Requests for quotation a buyer may send in a day (each one texts its sellers). */
export const QUOTE_REQUESTS_PER_DAY = 20
const requestRule: RateLimitRule = {
  name: 'quote-request:user',
  limit: QUOTE_REQUESTS_PER_DAY,
  windowMs: days(1),
}

/** Checks the chosen sellers: approved, not the buyer's own, and selling a product of the request. */
async function checkRecipients(db: DbOrTx, sellerIds: number[], productIds: number[], own: number) {
  const approved = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(and(inArray(sellers.id, sellerIds), eq(sellers.status, 'approved'), ne(sellers.id, own)))
  const selling = productIds.length
    ? await db
        .selectDistinct({ id: skus.sellerId })
        .from(skus)
        .where(
          and(
            inArray(skus.sellerId, sellerIds),
            inArray(skus.productId, productIds),
            eq(skus.status, 'active'),
          ),
        )
    : approved
  const ok = new Set(approved.map((r) => r.id))
  const sells = new Set(selling.map((r) => r.id))
  if (sellerIds.some((id) => !ok.has(id) || !sells.has(id)))
    throw fieldError('seller_ids', m.quotes_err_seller_not_offering())
}

export async function createQuoteRequest(
  db: DbOrTx,
  auth: AuthContext | null,
  input: CreateQuoteRequestInput,
): Promise<{ id: number }> {
  const caller = requireUser(auth)
  // Each request texts up to ten sellers: a buyer may send a fair number a day, not a flood.
  await enforceRateLimits(db, [{ rule: requestRule, subject: String(caller.user.id) }])
  const today = tehranDayOf(now())
  if (input.needed_by < today || input.needed_by > addDays(today, 366))
    throw fieldError('needed_by', m.quotes_err_needed_by())
  const city = input.delivery_mode === 'delivery' ? findIranCity(input.delivery_city) : null
  if (input.delivery_mode === 'delivery' && !city)
    throw fieldError('delivery_city', m.quotes_err_delivery_city())
  const slugs = input.lines.map((l) => l.product_slug).filter(Boolean)
  const productIds = await productIdsOf(db, slugs)
  input.lines.forEach((line, i) => {
    if (line.product_slug && !productIds.has(line.product_slug))
      throw fieldError(`lines.${i}.product_slug`, m.quotes_err_product_unknown())
  })
  const sellerIds = [...new Set(input.seller_ids)]
  await checkRecipients(db, sellerIds, [...productIds.values()], caller.user.seller?.id ?? 0)
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(quoteRequests)
      .values({
        buyerUserId: caller.user.id,
        neededBy: input.needed_by,
        deliveryMode: input.delivery_mode,
        deliveryCity: city ? city.name : null,
        paymentPreference: input.payment_preference,
        note: input.note,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning({ id: quoteRequests.id })
    await tx.insert(quoteRequestLines).values(
      input.lines.map((line, i) => ({
        requestId: request!.id,
        position: i + 1,
        productId: line.product_slug ? productIds.get(line.product_slug)! : null,
        description: line.description,
        categoryId: line.category_id,
        quantity: line.quantity,
        unit: line.unit,
        targetUnitPrice: line.target_unit_price,
      })),
    )
    await tx
      .insert(quoteRequestRecipients)
      .values(sellerIds.map((sellerId) => ({ requestId: request!.id, sellerId, createdAt: now() })))
    for (const sellerId of sellerIds)
      await queueMessageToSellerOwner(tx, sellerId, () =>
        m.quotes_sms_new_request({ brand: constants.brand.name, id: String(request!.id) }),
      )
    return { id: request!.id }
  })
}

export async function listMyQuoteRequests(
  db: DbOrTx,
  auth: AuthContext | null,
): Promise<QuoteRequestSummary[]> {
  const caller = requireUser(auth)
  const rows = await db
    .select({
      id: quoteRequests.id,
      status: quoteRequests.status,
      neededBy: quoteRequests.neededBy,
      createdAt: quoteRequests.createdAt,
      lines: sql<number>`(select count(*)::int from quote_request_lines l where l.request_id = quote_requests.id)`,
      recipients: sql<number>`(select count(*)::int from quote_request_recipients r where r.request_id = quote_requests.id)`,
      quoteIds: sql<
        number[] | null
      >`(select array_agg(q.id) from quotes q where q.request_id = quote_requests.id)`,
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.buyerUserId, caller.user.id))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(200)
  const allQuoteIds = rows.flatMap((r) => (r.quoteIds ?? []).map(Number))
  const unread = await unreadCounts(db, allQuoteIds, 'buyer')
  const result: QuoteRequestSummary[] = []
  for (const r of rows) {
    const lines = await requestLines(db, r.id)
    const ids = (r.quoteIds ?? []).map(Number)
    result.push({
      id: r.id,
      status: r.status,
      needed_by: r.neededBy,
      created_at: r.createdAt.toISOString(),
      first_line: lineLabel(lines[0]),
      lines: Number(r.lines),
      recipients: Number(r.recipients),
      quotes: ids.length,
      unread: ids.reduce((sum, id) => sum + (unread.get(id) ?? 0), 0),
    })
  }
  return result
}

/** The caller's request, or 404 (another buyer's request is as missing as an unknown one). */
export async function ownRequest(db: DbOrTx, userId: number, requestId: number) {
  const [request] = await db
    .select()
    .from(quoteRequests)
    .where(and(eq(quoteRequests.id, requestId), eq(quoteRequests.buyerUserId, userId)))
  if (!request) throw notFound()
  return request
}

export async function getMyQuoteRequest(
  db: DbOrTx,
  auth: AuthContext | null,
  requestId: number,
): Promise<QuoteRequestView> {
  const caller = requireUser(auth)
  const request = await ownRequest(db, caller.user.id, requestId)
  const lines = await requestLines(db, request.id)
  const recipients = await db
    .select({ id: sellers.id, name: sellers.displayName, nameFa: sellers.displayNameFa })
    .from(quoteRequestRecipients)
    .innerJoin(sellers, eq(sellers.id, quoteRequestRecipients.sellerId))
    .where(eq(quoteRequestRecipients.requestId, request.id))
    .orderBy(asc(sellers.displayName))
  const views = await quoteViews(db, { requestId: request.id }, 'buyer', lines)
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
    recipients: recipients.map((r) => ({ id: r.id, name: textInLocale(r.name, r.nameFa) })),
    quotes: views,
    cheapest: cheapestPerLine(views),
  }
}

/** The caller's quote (a quote on the caller's request), locked for the operation, or 404. */
export async function ownQuote(tx: DbOrTx, userId: number, quoteId: number, lock = false) {
  const query = tx
    .select({ quote: quotes, request: quoteRequests })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .where(and(eq(quotes.id, quoteId), eq(quoteRequests.buyerUserId, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound()
  return row
}

/**
 * Accepting a quote: its lines go into that seller's basket at the quoted quantity, their price
 * locked for this buyer, SKU and quantity until the quote's validity ends; the request is awarded
 * and the other sellers' quotes are lost (and told so).
 */
export async function acceptQuote(
  db: DbOrTx,
  auth: AuthContext | null,
  quoteId: number,
): Promise<AcceptedQuote> {
  const caller = requireUser(auth)
  return db.transaction(async (tx) => {
    const { quote, request } = await ownQuote(tx, caller.user.id, quoteId, true)
    const at = now()
    if (request.status !== 'open' || quote.status !== 'submitted')
      throw conflict(m.quotes_err_not_acceptable())
    if (quote.validUntil.getTime() <= at.getTime()) throw conflict(m.quotes_err_quote_expired())
    const [revision] = await tx
      .select()
      .from(quoteRevisions)
      .where(and(eq(quoteRevisions.quoteId, quote.id), eq(quoteRevisions.revision, quote.currentRevision)))
    const lines = await tx
      .select({
        skuId: quoteRevisionLines.skuId,
        unitPrice: quoteRevisionLines.unitPrice,
        quantity: quoteRequestLines.quantity,
        skuSeller: skus.sellerId,
      })
      .from(quoteRevisionLines)
      .innerJoin(quoteRequestLines, eq(quoteRequestLines.id, quoteRevisionLines.requestLineId))
      .leftJoin(skus, eq(skus.id, quoteRevisionLines.skuId))
      .where(eq(quoteRevisionLines.revisionId, revision!.id))
    if (lines.some((l) => l.skuId === null || l.skuSeller !== quote.sellerId))
      throw conflict(m.quotes_err_needs_sku())
    await tx
      .update(quotes)
      .set({ status: 'accepted', acceptedAt: at, updatedAt: at })
      .where(eq(quotes.id, quote.id))
    const lost = await tx
      .update(quotes)
      .set({ status: 'lost', updatedAt: at })
      .where(and(eq(quotes.requestId, request.id), ne(quotes.id, quote.id), eq(quotes.status, 'submitted')))
      .returning({ sellerId: quotes.sellerId })
    await tx
      .update(quoteRequests)
      .set({ status: 'awarded', updatedAt: at })
      .where(eq(quoteRequests.id, request.id))
    await tx.insert(quotedPrices).values(
      lines.map((l) => ({
        quoteId: quote.id,
        buyerUserId: caller.user.id,
        skuId: l.skuId!,
        quantity: l.quantity,
        unitPrice: Number(l.unitPrice),
        validUntil: quote.validUntil,
        createdAt: at,
      })),
    )
    const [cart] = await tx
      .insert(carts)
      .values({ buyerUserId: caller.user.id, sellerId: quote.sellerId })
      .onConflictDoUpdate({ target: [carts.buyerUserId, carts.sellerId], set: { updatedAt: at } })
      .returning({ id: carts.id })
    for (const l of lines)
      await tx
        .insert(cartItems)
        .values({ cartId: cart!.id, skuId: l.skuId!, quantity: l.quantity })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.skuId],
          set: { quantity: l.quantity, updatedAt: at },
        })
    await queueMessageToSellerOwner(tx, quote.sellerId, () =>
      m.quotes_sms_won({ brand: constants.brand.name, id: String(request.id) }),
    )
    for (const other of lost)
      await queueMessageToSellerOwner(tx, other.sellerId, () =>
        m.quotes_sms_lost({ brand: constants.brand.name, id: String(request.id) }),
      )
    return { quote_id: quote.id, cart_seller_id: quote.sellerId, lines_added: lines.length }
  })
}
