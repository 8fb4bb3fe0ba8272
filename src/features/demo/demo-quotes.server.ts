import '@tanstack/react-start/server-only'
import { and, asc, eq } from 'drizzle-orm'
import { addDays, tehranDayOf } from '~/lib/tehran-time'
import { days } from '~/server/clock.server'
import type { Tx } from '~/server/db/client.server'
import {
  prices,
  quoteMessages,
  quoteRequestLines,
  quoteRequestRecipients,
  quoteRequests,
  quoteRevisionLines,
  quoteRevisions,
  quotedPrices,
  quotes,
  skus,
} from '~/server/db/schema'

/**
 * Demo data of requests for quotation (issue #40): three requests of the demo buyer to the demo seller, one still new, one
 * answered (with a message each way) and one won, so both sides' quote pages have something to
 * show. Rows are written directly, as the seed writes everything, in its transaction.
 */
export async function seedDemoQuotes(
  tx: Tx,
  input: { buyerUserId: number; sellerId: number; now: Date },
): Promise<number> {
  const offers = await tx
    .select({ skuId: skus.id, productId: skus.productId, unitPrice: prices.unitPrice })
    .from(skus)
    .innerJoin(prices, eq(prices.skuId, skus.id))
    .where(and(eq(skus.sellerId, input.sellerId), eq(skus.status, 'active')))
    .orderBy(asc(skus.id), asc(prices.minQuantity))
    .limit(20)
  const distinct = [...new Map(offers.map((o) => [o.productId, o])).values()].slice(0, 3)
  if (distinct.length < 3) return 0
  const plans = ['open', 'answered', 'won'] as const
  for (const [i, plan] of plans.entries()) {
    const offer = distinct[i]!
    const created = new Date(input.now.getTime() - days(3 - i))
    const [request] = await tx
      .insert(quoteRequests)
      .values({
        buyerUserId: input.buyerUserId,
        neededBy: addDays(tehranDayOf(input.now), 20),
        deliveryMode: 'delivery',
        deliveryCity: 'Tehran',
        note: 'Monthly restock for our three shops.',
        status: plan === 'won' ? 'awarded' : 'open',
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: quoteRequests.id })
    const [line] = await tx
      .insert(quoteRequestLines)
      .values({
        requestId: request!.id,
        position: 1,
        productId: offer.productId,
        quantity: 500,
        unit: 'carton',
      })
      .returning({ id: quoteRequestLines.id })
    await tx
      .insert(quoteRequestRecipients)
      .values({ requestId: request!.id, sellerId: input.sellerId, createdAt: created })
    if (plan === 'open') continue
    const validUntil = new Date(input.now.getTime() + days(7))
    const unitPrice = Math.max(1, Math.round((Number(offer.unitPrice) * 0.92) / 1000) * 1000)
    const [quote] = await tx
      .insert(quotes)
      .values({
        requestId: request!.id,
        sellerId: input.sellerId,
        status: plan === 'won' ? 'accepted' : 'submitted',
        validUntil,
        acceptedAt: plan === 'won' ? input.now : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: quotes.id })
    const [revision] = await tx
      .insert(quoteRevisions)
      .values({ quoteId: quote!.id, revision: 1, deliveryFee: 0, validUntil, createdAt: created })
      .returning({ id: quoteRevisions.id })
    await tx.insert(quoteRevisionLines).values({
      revisionId: revision!.id,
      requestLineId: line!.id,
      unitPrice,
      skuId: offer.skuId,
      leadTimeDays: 3,
    })
    if (plan === 'answered')
      await tx.insert(quoteMessages).values([
        {
          quoteId: quote!.id,
          authorSide: 'buyer',
          authorUserId: input.buyerUserId,
          body: 'Can you deliver on Saturday?',
          createdAt: created,
        },
        {
          quoteId: quote!.id,
          authorSide: 'seller',
          body: 'Yes, Saturday morning works.',
          createdAt: created,
        },
      ])
    if (plan === 'won')
      await tx.insert(quotedPrices).values({
        quoteId: quote!.id,
        buyerUserId: input.buyerUserId,
        skuId: offer.skuId,
        quantity: 500,
        unitPrice,
        validUntil,
      })
  }
  return plans.length
}
