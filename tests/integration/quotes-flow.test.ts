import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readCheckout } from '~/features/checkout/checkout-read.server'
import { readBasket } from '~/features/basket/basket-read.server'
import {
  acceptQuote,
  buyerQuoteThread,
  createQuoteRequest,
  expireQuotes,
  getMyQuoteRequest,
  getSellerQuoteRequest,
  listMyQuoteRequests,
  listQuoteSellers,
  postBuyerQuoteMessage,
  postSellerQuoteMessage,
  sellerQuoteInbox,
  sellerQuoteThread,
  submitQuote,
} from '~/features/quotes/index.server'
import { createQuoteRequestInput, submitQuoteInput } from '~/features/quotes/quotes.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import { advanceClock, days, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { carts, outboxMessages, quoteRevisions, quotes } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import {
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

/**
 * Issue #40: a buyer asks two sellers for a quote, both quote, one revises, the buyer compares,
 * talks to a seller and accepts; the quoted price then prices the basket and checkout for that
 * buyer, SKU and quantity only, until the quote's validity ends. Nobody else reads any of it.
 */
describe('requests for quotation', () => {
  let db: Db
  let buyer: AuthContext
  let otherBuyer: AuthContext
  let sellerA: AuthContext
  let sellerB: AuthContext
  let sellerC: AuthContext
  let observerA: AuthContext
  let observerC: AuthContext
  let ids: { a: number; b: number; c: number }
  let product: { id: number; slug: string }
  let skuA: { id: number; sku: string }
  let skuB: { id: number; sku: string }

  const neededBy = () => new Date(Date.now() + days(10)).toISOString().slice(0, 10)
  const request = (auth: AuthContext, sellerIds: number[], quantity = 500) =>
    createQuoteRequest(
      db,
      auth,
      parseInput(createQuoteRequestInput, {
        needed_by: neededBy(),
        delivery_mode: 'delivery',
        delivery_city: 'tehran',
        note: '2,000 cartons over the year',
        lines: [{ product_slug: product.slug, quantity, unit: 'carton', target_unit_price: 900_000 }],
        seller_ids: sellerIds,
      }),
    )
  const quote = async (auth: AuthContext, requestId: number, unitPrice: number, sku: string, fee = 0) => {
    const view = await getSellerQuoteRequest(db, auth, requestId)
    return submitQuote(
      db,
      auth,
      parseInput(submitQuoteInput, {
        quote_request_id: requestId,
        valid_days: 7,
        delivery_fee: fee,
        lines: view.lines.map((l) => ({
          request_line_id: l.id,
          unit_price: unitPrice,
          sku,
          lead_time_days: 3,
        })),
      }),
    )
  }

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const category = await createCategory(db)
    const p = await createProduct(db, { category })
    product = { id: p.id, slug: p.slug }
    const make = async () => {
      const seller = await createSeller(db)
      const store = await createStore(db, { seller })
      return { seller, store }
    }
    const a = await make()
    const b = await make()
    const c = await make()
    skuA = await createSku(db, {
      store: a.store,
      product: p,
      remainingQuantity: 5000,
      tiers: [{ unitPrice: 1_000_000 }],
    })
    skuB = await createSku(db, { store: b.store, product: p, remainingQuantity: 5000 })
    await createSku(db, { store: c.store, product: await createProduct(db, { category }) })
    ids = { a: a.seller.id, b: b.seller.id, c: c.seller.id }
    buyer = await authOf(db, (await createUser(db)).id)
    otherBuyer = await authOf(db, (await createUser(db)).id)
    sellerA = await authOf(db, a.seller.owner.id)
    sellerB = await authOf(db, b.seller.owner.id)
    sellerC = await authOf(db, c.seller.owner.id)
    observerA = await authOf(
      db,
      (await createUser(db, { isObserver: true, pointingSellerId: a.seller.id })).id,
    )
    observerC = await authOf(
      db,
      (await createUser(db, { isObserver: true, pointingSellerId: c.seller.id })).id,
    )
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  it('offers the sellers of the product and sends the request only to approved sellers selling it', async () => {
    const offered = await listQuoteSellers(db, buyer, { product_slugs: [product.slug] })
    expect(offered.map((s) => s.id).sort()).toEqual([ids.a, ids.b].sort())
    expect(await statusOf(() => request(buyer, [ids.a, ids.c]))).toBe(422)
    expect(await statusOf(() => request(null as unknown as AuthContext, [ids.a]))).toBe(401)
  })

  it('nobody outside a request reads it, its quotes or their threads', async () => {
    const { id } = await request(buyer, [ids.a, ids.b])
    const { quote_id } = await quote(sellerA, id, 950_000, skuA.sku)
    await postBuyerQuoteMessage(db, buyer, { quote_id, body: 'Can you deliver on Saturday?' })

    // Another buyer: the request, the quote, the thread are missing to them.
    expect(await statusOf(() => getMyQuoteRequest(db, otherBuyer, id))).toBe(404)
    expect(await statusOf(() => buyerQuoteThread(db, otherBuyer, quote_id))).toBe(404)
    expect(await statusOf(() => postBuyerQuoteMessage(db, otherBuyer, { quote_id, body: 'hi' }))).toBe(404)
    expect(await statusOf(() => acceptQuote(db, otherBuyer, quote_id))).toBe(404)
    expect((await listMyQuoteRequests(db, otherBuyer)).map((r) => r.id)).not.toContain(id)
    // A seller the request was not sent to, and its observer.
    for (const outsider of [sellerC, observerC]) {
      expect(await statusOf(() => getSellerQuoteRequest(db, outsider, id))).toBe(404)
      expect(await statusOf(() => sellerQuoteThread(db, outsider, quote_id))).toBe(404)
      expect(await statusOf(() => postSellerQuoteMessage(db, outsider, { quote_id, body: 'x' }))).toBe(404)
      expect((await sellerQuoteInbox(db, outsider, { tab: 'new' })).rows).toEqual([])
    }
    // Seller B received the request but cannot read A's quote or thread.
    const seenByB = await getSellerQuoteRequest(db, sellerB, id)
    expect(seenByB.quote).toBeNull()
    expect(await statusOf(() => sellerQuoteThread(db, sellerB, quote_id))).toBe(404)
    expect(await statusOf(() => postSellerQuoteMessage(db, sellerB, { quote_id, body: 'x' }))).toBe(404)
    // A seller is not a buyer of the request: the buyer's endpoints answer 404.
    expect(await statusOf(() => getMyQuoteRequest(db, sellerA, id))).toBe(404)
    expect(await statusOf(() => buyerQuoteThread(db, sellerA, quote_id))).toBe(404)
    // A's observer reads A's side but cannot quote.
    expect((await getSellerQuoteRequest(db, observerA, id)).quote?.id).toBe(quote_id)
    expect((await sellerQuoteThread(db, observerA, quote_id)).messages).toHaveLength(1)
    expect(await statusOf(() => quote(observerA, id, 900_000, skuA.sku))).toBe(403)
    // A buyer cannot act on the seller's side.
    expect(await statusOf(() => getSellerQuoteRequest(db, buyer, id))).toBe(403)
  })

  it('compares quotes, keeps every revision, threads both ways and accepts at the quoted price', async () => {
    const { id } = await request(buyer, [ids.a, ids.b])
    expect((await sellerQuoteInbox(db, sellerA, { tab: 'new' })).rows.map((r) => r.request_id)).toContain(id)
    const a = await quote(sellerA, id, 950_000, skuA.sku, 2_000_000)
    await quote(sellerB, id, 930_000, skuB.sku)
    let view = await getMyQuoteRequest(db, buyer, id)
    const line = view.lines[0]!.id
    expect(view.cheapest[line]).toEqual([view.quotes.find((q) => q.seller.id === ids.b)!.id])
    expect(view.quotes.find((q) => q.id === a.quote_id)!.revisions[0]!.total).toBe(950_000 * 500 + 2_000_000)

    // Messages both ways, with unread counts and one SMS notice per window.
    const smsBefore = (await db.select().from(outboxMessages)).length
    await postBuyerQuoteMessage(db, buyer, { quote_id: a.quote_id, body: 'Could you match 920,000?' })
    await postBuyerQuoteMessage(db, buyer, { quote_id: a.quote_id, body: 'For 500 cartons.' })
    expect((await db.select().from(outboxMessages)).length).toBe(smsBefore + 1)
    const inbox = await sellerQuoteInbox(db, sellerA, { tab: 'answered' })
    expect(inbox.rows.find((r) => r.request_id === id)?.unread).toBe(2)
    expect((await sellerQuoteThread(db, sellerA, a.quote_id)).messages.map((m) => m.side)).toEqual([
      'buyer',
      'buyer',
    ])
    expect(
      (await sellerQuoteInbox(db, sellerA, { tab: 'answered' })).rows.find((r) => r.request_id === id)
        ?.unread,
    ).toBe(0)
    await postSellerQuoteMessage(db, sellerA, { quote_id: a.quote_id, body: 'Yes, revised.' })
    expect((await getMyQuoteRequest(db, buyer, id)).quotes.find((q) => q.id === a.quote_id)!.unread).toBe(1)

    // The revision replaces the price; both revisions are kept.
    const revised = await quote(sellerA, id, 920_000, skuA.sku, 2_000_000)
    expect(revised).toEqual({ quote_id: a.quote_id, revision: 2 })
    view = await getMyQuoteRequest(db, buyer, id)
    const qa = view.quotes.find((q) => q.id === a.quote_id)!
    expect(qa.revisions.map((r) => [r.revision, r.lines[0]!.unit_price])).toEqual([
      [2, 920_000],
      [1, 950_000],
    ])
    expect(view.cheapest[line]).toEqual([a.quote_id])
    // History is append-only in the database too.
    await expect(
      db.update(quoteRevisions).set({ note: 'rewritten' }).where(eq(quoteRevisions.quoteId, a.quote_id)),
    ).rejects.toThrow()

    expect((await listMyQuoteRequests(db, buyer)).find((r) => r.id === id)).toMatchObject({
      lines: 1,
      recipients: 2,
      quotes: 2,
      // The seller's answer, not yet read in the thread.
      unread: 1,
    })
    const accepted = await acceptQuote(db, buyer, a.quote_id)
    expect(accepted).toMatchObject({ quote_id: a.quote_id, cart_seller_id: ids.a, lines_added: 1 })
    view = await getMyQuoteRequest(db, buyer, id)
    expect(view.status).toBe('awarded')
    expect(Object.fromEntries(view.quotes.map((q) => [q.seller.id, q.status]))).toEqual({
      [ids.a]: 'accepted',
      [ids.b]: 'lost',
    })
    expect((await sellerQuoteInbox(db, sellerA, { tab: 'won' })).rows.map((r) => r.request_id)).toContain(id)
    expect((await sellerQuoteInbox(db, sellerB, { tab: 'lost' })).rows.map((r) => r.request_id)).toContain(id)
    // Accepted: no more revisions, and no second acceptance.
    expect(await statusOf(() => quote(sellerA, id, 1, skuA.sku))).toBe(409)
    expect(await statusOf(() => quote(sellerB, id, 1, skuB.sku))).toBe(409)
    expect(await statusOf(() => acceptQuote(db, buyer, a.quote_id))).toBe(409)

    // The basket and checkout price the line at the quoted price, for this buyer and quantity only.
    const basket = await readBasket(db, buyer.user.id)
    const item = basket.find((c) => c.seller_id === ids.a)!.items.find((i) => i.sku === skuA.sku)!
    expect(item).toMatchObject({ quantity: 500, unit_price: 920_000, effective_amount: 920_000 })
    const [cart] = await db.select().from(carts).where(eq(carts.buyerUserId, buyer.user.id))
    const checkout = await readCheckout(db, buyer.user.id, cart!.id, new Date())
    expect(checkout!.lines[0]).toMatchObject({ unitPrice: 920_000, quantity: 500 })
    // Another quantity: the tier price.
    const later = await readCheckout(db, buyer.user.id, cart!.id, new Date(Date.now() + days(8)))
    expect(later!.lines[0]!.unitPrice).toBe(1_000_000)
  })

  it('a quoted price is the buyer’s alone and ends with the quote', async () => {
    const { id } = await request(buyer, [ids.a], 40)
    const { quote_id } = await quote(sellerA, id, 800_000, skuA.sku)
    await acceptQuote(db, buyer, quote_id)
    // Another buyer with the same SKU and quantity pays the tier price.
    const { addItem } = await import('~/features/basket/basket.server')
    await addItem(db, otherBuyer.user.id, { sku: skuA.sku, quantity: 40 })
    const theirs = (await readBasket(db, otherBuyer.user.id))[0]!.items[0]!
    expect(theirs.unit_price).toBe(1_000_000)
    const mine = (await readBasket(db, buyer.user.id))
      .flatMap((c) => c.items)
      .find((i) => i.sku === skuA.sku)!
    expect(mine.quantity).toBe(40)
    expect(mine.unit_price).toBe(800_000)
    // After the validity ends, the tier price is back.
    const after = (await readBasket(db, buyer.user.id, new Date(Date.now() + days(7) + 60_000)))
      .flatMap((c) => c.items)
      .find((i) => i.sku === skuA.sku)!
    expect(after.unit_price).toBe(1_000_000)
  })

  it('expires quotes on the schedule (pinned clock); an expired quote cannot be accepted', async () => {
    setClock(new Date())
    const { id } = await request(buyer, [ids.a, ids.b])
    const { quote_id } = await quote(sellerB, id, 990_000, skuB.sku)
    advanceClock(days(7) + 1000)
    expect(await statusOf(() => acceptQuote(db, buyer, quote_id))).toBe(409)
    const swept = await expireQuotes(db)
    expect(swept.quotes).toBeGreaterThanOrEqual(1)
    const [row] = await db.select().from(quotes).where(eq(quotes.id, quote_id))
    expect(row!.status).toBe('expired')
    expect((await sellerQuoteInbox(db, sellerB, { tab: 'expired' })).rows.map((r) => r.request_id)).toContain(
      id,
    )
    expect(await expireQuotes(db)).toMatchObject({ quotes: 0 })
    // Past the needed-by day the request expires too.
    advanceClock(days(5))
    await expireQuotes(db)
    expect((await getMyQuoteRequest(db, buyer, id)).status).toBe('expired')
  })

  it('a buyer may send 20 requests a day: each one texts its sellers', async () => {
    const busy = await authOf(db, (await createUser(db)).id)
    for (let i = 0; i < 20; i++) await request(busy, [ids.a])
    expect(await statusOf(() => request(busy, [ids.a]))).toBe(429)
    // Another buyer is not held back.
    expect(await statusOf(() => request(otherBuyer, [ids.a]))).toBe(200)
  })
})
