import '@tanstack/react-start/server-only'
import { constants } from '#app-config'
import { and, asc, eq } from 'drizzle-orm'
import { m } from '~/lib/messages'
import type { QuoteMessageSide } from '~/lib/quote-enums'
import { requireApprovedSeller, requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { minutes, now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { quoteMessages, quoteRequests, quotes } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { enforceRateLimits, hitRateLimit, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import { queueMessageToSellerOwner, queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { ownQuote } from './quotes-buyer.server'
import type { QuoteMessageInput, QuoteThreadView } from './quotes.schemas'

/**
 * One thread per quote, between the buyer and that seller. Each side reads and writes through its
 * own endpoints; reading moves the side's read marker. A new message sends the other side an SMS
 * notice, at most one per quote and side in NOTICE_WINDOW (the thread itself shows every message).
 */

const postingRule: RateLimitRule = { name: 'quote-message:user', limit: 30, windowMs: minutes(10) }
const noticeRule: RateLimitRule = { name: 'quote-message-sms:quote-side', limit: 1, windowMs: minutes(30) }

interface ThreadQuote {
  id: number
  requestId: number
  sellerId: number
  buyerUserId: number
}

async function sellersQuote(db: DbOrTx, sellerId: number, quoteId: number): Promise<ThreadQuote> {
  const [row] = await db
    .select({
      id: quotes.id,
      requestId: quotes.requestId,
      sellerId: quotes.sellerId,
      buyerUserId: quoteRequests.buyerUserId,
    })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.sellerId, sellerId)))
  if (!row) throw notFound()
  return row
}

async function buyersQuote(db: DbOrTx, userId: number, quoteId: number): Promise<ThreadQuote> {
  const { quote, request } = await ownQuote(db, userId, quoteId)
  return {
    id: quote.id,
    requestId: quote.requestId,
    sellerId: quote.sellerId,
    buyerUserId: request.buyerUserId,
  }
}

async function readThread(
  db: DbOrTx,
  quote: ThreadQuote,
  reader: QuoteMessageSide,
): Promise<QuoteThreadView> {
  const rows = await db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quote.id))
    .orderBy(asc(quoteMessages.id))
  const last = rows.at(-1)?.id ?? 0
  if (last > 0)
    await db
      .update(quotes)
      .set(reader === 'buyer' ? { buyerReadMessageId: last } : { sellerReadMessageId: last })
      .where(eq(quotes.id, quote.id))
  return {
    quote_id: quote.id,
    messages: rows.map((r) => ({
      id: r.id,
      side: r.authorSide,
      body: r.body,
      created_at: r.createdAt.toISOString(),
    })),
  }
}

async function post(
  db: DbOrTx,
  quote: ThreadQuote,
  side: QuoteMessageSide,
  authorUserId: number,
  body: string,
): Promise<{ id: number }> {
  await enforceRateLimits(db, [{ rule: postingRule, subject: String(authorUserId) }])
  return db.transaction(async (tx) => {
    const at = now()
    const [saved] = await tx
      .insert(quoteMessages)
      .values({ quoteId: quote.id, authorSide: side, authorUserId, body, createdAt: at })
      .returning({ id: quoteMessages.id })
    // The writer has read everything up to their own message.
    await tx
      .update(quotes)
      .set(side === 'buyer' ? { buyerReadMessageId: saved!.id } : { sellerReadMessageId: saved!.id })
      .where(eq(quotes.id, quote.id))
    const other = side === 'buyer' ? 'seller' : 'buyer'
    const notice = await hitRateLimit(tx, noticeRule, `${quote.id}:${other}`)
    if (notice.allowed) {
      const text = () =>
        m.quotes_sms_new_message({ brand: constants.brand.name, id: String(quote.requestId) })
      if (other === 'seller') await queueMessageToSellerOwner(tx, quote.sellerId, text)
      else await queueMessageToUser(tx, quote.buyerUserId, text)
    }
    return { id: saved!.id }
  })
}

export async function buyerQuoteThread(db: DbOrTx, auth: AuthContext | null, quoteId: number) {
  const caller = requireUser(auth)
  return readThread(db, await buyersQuote(db, caller.user.id, quoteId), 'buyer')
}

export async function postBuyerQuoteMessage(db: DbOrTx, auth: AuthContext | null, input: QuoteMessageInput) {
  const caller = requireUser(auth)
  const quote = await buyersQuote(db, caller.user.id, input.quote_id)
  return post(db, quote, 'buyer', caller.user.id, input.body)
}

export async function sellerQuoteThread(db: DbOrTx, auth: AuthContext | null, quoteId: number) {
  const actor = requireApprovedSeller(auth)
  return readThread(db, await sellersQuote(db, actor.sellerId, quoteId), 'seller')
}

export async function postSellerQuoteMessage(db: DbOrTx, auth: AuthContext | null, input: QuoteMessageInput) {
  const actor = requireApprovedSeller(auth)
  const quote = await sellersQuote(db, actor.sellerId, input.quote_id)
  return post(db, quote, 'seller', actor.auth.user.id, input.body)
}
