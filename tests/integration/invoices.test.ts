import { eq, inArray } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderInvoicePdf } from '~/features/orders/invoice-pdf.server'
import { getInvoiceForViewer, issueInvoice } from '~/features/orders/invoices.server'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { formatMoney } from '~/lib/money'
import { Route as invoicePdfRoute } from '~/routes/api/invoices/$invoiceId/pdf'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { invoiceCounters, invoices, orders, sellers } from '~/server/db/schema'
import {
  createSeller,
  createSku,
  createStore,
  createUser,
  type SellerRow,
  type UserRow,
} from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { apiRequest, closeAuthTestDatabase, openAuthTestDatabase, signInAs } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'
import { formatTehranDay } from '~/lib/tehran-time'

const SYSTEM = { kind: 'system', userId: null } as const

describe('invoices: gapless per-seller yearly numbers, snapshots, ownership, PDF', () => {
  let db: Db
  let buyer: UserRow
  let seller: SellerRow & { owner: Pick<UserRow, 'id'> }

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    buyer = await createUser(db, { firstName: 'Sara', lastName: 'Karimi' })
    seller = await createSeller(db, { legalName: 'Karimi Wholesale Trading Co.', nationalId: '10320456789' })
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  async function pay(orderId: number) {
    await db.transaction((tx) => transitionOrder(tx, { orderId, to: 'paid', actor: SYSTEM }))
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId))
    return invoice!
  }
  const newOrder = (ofSeller: SellerRow = seller, options: Parameters<typeof createPendingOrder>[1] = {}) =>
    createPendingOrder(db, { buyer, seller: ofSeller, ...options })

  it('numbers run 1, 2, 3 per seller and UTC year, separately for each seller', async () => {
    const s = await createSeller(db)
    const other = await createSeller(db)
    setClock('2026-12-31T23:59:58Z')
    const first = await pay((await newOrder(s)).id)
    const second = await pay((await newOrder(s)).id)
    const otherFirst = await pay((await newOrder(other)).id)
    // 00:00:01 UTC on 1 January is a new year for numbering, whatever the local time.
    setClock('2027-01-01T00:00:01Z')
    const nextYear = await pay((await newOrder(s)).id)
    expect([first, second].map((i) => [i.year, i.sequence, i.number])).toEqual([
      [2026, 1, `S${s.id}-2026-000001`],
      [2026, 2, `S${s.id}-2026-000002`],
    ])
    expect(otherFirst.number).toBe(`S${other.id}-2026-000001`)
    expect(nextYear.number).toBe(`S${s.id}-2027-000001`)
    expect(first.issuedAt.toISOString()).toBe('2026-12-31T23:59:58.000Z')
  })

  it('issuing twice keeps the first invoice and uses no number', async () => {
    const s = await createSeller(db)
    const order = await newOrder(s)
    const invoice = await pay(order.id)
    const again = await db.transaction((tx) => issueInvoice(tx, order.id))
    expect(again.id).toBe(invoice.id)
    const [counter] = await db.select().from(invoiceCounters).where(eq(invoiceCounters.sellerId, s.id))
    expect(counter!.lastSequence).toBe(1)
    expect((await pay((await newOrder(s)).id)).sequence).toBe(2)
  })

  it('a payment that rolls back gives its number back: no gap', async () => {
    const s = await createSeller(db)
    const doomed = await newOrder(s)
    await expect(
      db.transaction(async (tx) => {
        await transitionOrder(tx, { orderId: doomed.id, to: 'paid', actor: SYSTEM })
        throw new Error('the bank callback failed after paying')
      }),
    ).rejects.toThrow('the bank callback failed')
    const [row] = await db.select().from(orders).where(eq(orders.id, doomed.id))
    expect(row!.status).toBe('pending_payment')
    expect((await pay((await newOrder(s)).id)).sequence).toBe(1)
    expect((await pay(doomed.id)).sequence).toBe(2)
  })

  it('snapshots the seller’s legal details and the buyer’s delivery address or pickup', async () => {
    const delivered = await pay(
      (await newOrder(seller, { deliveryMethod: 'seller_delivery', deliveryFee: 50_000 })).id,
    )
    expect(delivered.seller).toEqual({
      name: 'Karimi Wholesale Trading Co.',
      nationalId: '10320456789',
      phone: seller.phone,
      address: seller.address, // it already names the city (Tehran)
    })
    expect(delivered.buyer).toMatchObject({ name: 'Sara Karimi', phone: buyer.cellphone })
    expect(delivered.buyer.address).toContain('No. 1, Enghelab St, Tehran, Tehran, postal code 1234567890')
    const pickup = await pay((await newOrder(seller, { deliveryMethod: 'pickup' })).id)
    expect(pickup.buyer.address).toBe('Pickup in Tehran')
    // Later profile changes do not rewrite an issued invoice.
    await db.update(sellers).set({ legalName: 'Renamed Co.' }).where(eq(sellers.id, seller.id))
    const [kept] = await db.select().from(invoices).where(eq(invoices.id, pickup.id))
    expect(kept!.seller.name).toBe('Karimi Wholesale Trading Co.')
    await db
      .update(sellers)
      .set({ legalName: 'Karimi Wholesale Trading Co.' })
      .where(eq(sellers.id, seller.id))
  })

  describe('who may read an invoice', () => {
    let invoiceId: number
    const as: Record<string, AuthContext> = {}

    beforeAll(async () => {
      invoiceId = (await pay((await newOrder()).id)).id
      const pending = await createSeller(db, { status: 'pending' })
      const users: Record<string, { id: number }> = {
        buyer,
        owner: seller.owner,
        observer: await createUser(db, { isObserver: true, pointingSellerId: seller.id }),
        admin: await createUser(db, { isAdmin: true }),
        otherBuyer: await createUser(db),
        otherSeller: (await createSeller(db)).owner,
        pendingSeller: pending.owner,
      }
      for (const [name, user] of Object.entries(users)) as[name] = await authOf(db, user.id)
    })

    it.each([
      ['buyer', 200, 'buyer'],
      ['owner', 200, 'seller'],
      ['observer', 200, 'seller'],
      ['admin', 200, 'admin'],
      ['otherBuyer', 404, null],
      ['otherSeller', 404, null],
      ['pendingSeller', 404, null],
    ] as const)('%s gets %i', async (name, status, role) => {
      expect(await statusOf(() => getInvoiceForViewer(db, as[name]!, invoiceId))).toBe(status)
      if (role) expect((await getInvoiceForViewer(db, as[name]!, invoiceId)).viewer_role).toBe(role)
    })

    it('a guessed id and a signed-out caller learn nothing', async () => {
      expect(await statusOf(() => getInvoiceForViewer(db, as.buyer!, invoiceId + 1000))).toBe(404)
      expect(await statusOf(() => getInvoiceForViewer(db, null, invoiceId))).toBe(401)
    })

    it('a suspended seller no longer reads its invoices', async () => {
      const s = await createSeller(db)
      const id = (await pay((await newOrder(s)).id)).id
      const owner = await authOf(db, s.owner.id)
      expect(await statusOf(() => getInvoiceForViewer(db, owner, id))).toBe(200)
      await db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, s.id))
      expect(await statusOf(() => getInvoiceForViewer(db, owner, id))).toBe(404)
    })
  })

  describe('the PDF', () => {
    async function download(invoiceId: number | string, userId: number | null) {
      const cookies = userId ? { access_token: (await signInAs(db, userId)).accessToken } : undefined
      const handlers = (
        invoicePdfRoute.options as unknown as {
          server: { handlers: { GET: (ctx: unknown) => Promise<Response> } }
        }
      ).server.handlers
      const path = `/api/invoices/${invoiceId}/pdf`
      return handlers.GET({
        request: apiRequest(path, { cookies }),
        params: { invoiceId: String(invoiceId) },
        pathname: path,
        context: {},
      })
    }
    const textOf = async (bytes: Uint8Array) =>
      (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text

    it('the buyer downloads it with the number, parties, lines, VAT and total in real text', async () => {
      const store = await createStore(db, { seller })
      const tea = await createSku(db, { store, tiers: [{ unitPrice: 1_250_000 }] })
      const order = await newOrder(seller, {
        deliveryMethod: 'seller_delivery',
        deliveryFee: 300_000,
        lines: [{ sku: tea, quantity: 12 }],
      })
      const invoice = await pay(order.id)
      const response = await download(invoice.id, buyer.id)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="invoice-${invoice.number}.pdf"`,
      )
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const bytes = new Uint8Array(await response.arrayBuffer())
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
      const text = await textOf(bytes)
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
      expect(row!.total).toBe(15_000_000 + 300_000 + 1_530_000)
      for (const expected of [
        'Omdeh',
        invoice.number,
        order.number,
        // The issue day as every page and PDF shows a day ("2 Dec 2026"), not the ISO form.
        formatTehranDay(invoice.issuedAt),
        'Karimi Wholesale Trading Co.',
        'National ID: 10320456789',
        'Sara Karimi',
        buyer.cellphone,
        order.lines[0]!.productName,
        order.lines[0]!.sku,
        formatMoney(1_250_000),
        formatMoney(15_000_000),
        'VAT (10%)',
        formatMoney(1_530_000),
        formatMoney(16_830_000),
      ])
        expect(text).toContain(expected)
      expect(formatMoney(16_830_000)).toBe('IRR 16,830,000')
    })

    it('another buyer or seller guessing the id gets 404; signed out gets 401; garbage ids 404', async () => {
      const invoice = await pay((await newOrder()).id)
      expect((await download(invoice.id, seller.owner.id)).status).toBe(200)
      const strangers = [(await createUser(db)).id, (await createSeller(db)).owner.id]
      for (const id of strangers) {
        const response = await download(invoice.id, id)
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual({ message: 'Invoice not found' })
      }
      expect((await download(invoice.id, null)).status).toBe(401)
      expect((await download('12abc', buyer.id)).status).toBe(404)
    })

    it('Persian names, addresses and products are drawn in a Persian font, shaped and in reading order', async () => {
      const view = await getInvoiceForViewer(
        db,
        await authOf(db, buyer.id),
        (await pay((await newOrder()).id)).id,
      )
      const pdf = await renderInvoicePdf({
        ...view,
        buyer: { ...view.buyer, name: 'سارا کریمی', address: 'تهران، خیابان ولیعصر، پلاک ۱۴' },
        lines: [{ ...view.lines[0]!, product_name: 'چای سبز ممتاز ۵۰۰ گرمی' }],
      })
      const bytes = new TextDecoder('latin1').decode(pdf)
      expect(bytes).toContain('/BaseFont /') // an embedded (subset) font besides the standard ones
      expect(bytes).toMatch(/Vazirmatn/)
      const text = await textOf(pdf)
      for (const expected of ['سارا کریمی', 'چای سبز ممتاز', view.number, formatMoney(view.total)])
        expect(text).toContain(expected)
      // Latin-only invoices embed nothing: standard Helvetica, as before.
      const latin = new TextDecoder('latin1').decode(await renderInvoicePdf(view))
      expect(latin).not.toMatch(/Vazirmatn/)
    })

    it('many lines flow onto further pages and the totals stay readable', async () => {
      const view = await getInvoiceForViewer(
        db,
        await authOf(db, buyer.id),
        (await pay((await newOrder()).id)).id,
      )
      const lines = Array.from({ length: 45 }, (_, i) => ({
        ...view.lines[0]!,
        product_name: `Long product name number ${i + 1} with a size and a colour that wraps onto two lines`,
        sku: `SKU-${i + 1}`,
      }))
      const pdf = await renderInvoicePdf({ ...view, lines })
      const doc = await getDocumentProxy(new Uint8Array(pdf))
      expect(doc.numPages).toBeGreaterThan(1)
      const text = (await extractText(doc, { mergePages: true })).text
      expect(text).toContain('SKU-45')
      expect(text).toContain(formatMoney(view.total))
    })
  })

  it.skipIf(!usingPostgres())(
    '20 concurrent payments of one seller get sequences 1..20: no gap, no duplicate (PostgreSQL)',
    async () => {
      const s = await createSeller(db)
      const store = await createStore(db, { seller: s })
      const sku = await createSku(db, { store, remainingQuantity: 1000 })
      const ids: number[] = []
      for (let i = 0; i < 20; i++) ids.push((await newOrder(s, { lines: [{ sku, quantity: 1 }] })).id)
      const results = await Promise.allSettled(
        ids.map((orderId) =>
          db.transaction((tx) => transitionOrder(tx, { orderId, to: 'paid', actor: SYSTEM })),
        ),
      )
      expect(results.filter((r) => r.status === 'rejected')).toEqual([])
      const rows = await db.select().from(invoices).where(inArray(invoices.orderId, ids))
      expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      )
      expect(new Set(rows.map((r) => r.number)).size).toBe(20)
      const [counter] = await db.select().from(invoiceCounters).where(eq(invoiceCounters.sellerId, s.id))
      expect(counter!.lastSequence).toBe(20)
    },
    60_000,
  )
})
