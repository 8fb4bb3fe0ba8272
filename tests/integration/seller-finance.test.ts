import { parse as parseCsv } from 'csv-parse/sync'
import { and, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postOrderRefund, postPayoutCreated, postPayoutPaid } from '~/features/ledger/index.server'
import { choosePlan } from '~/features/plans/plan-checkout.server'
import { fulfilPurchase } from '~/features/plans/plan-fulfilment.server'
import { financeSearch } from '~/features/seller-finance'
import {
  commissionInvoiceForViewer,
  financeOverview,
  issueMonthlyCommissionInvoices,
  statementPage,
  statementPageOf,
} from '~/features/seller-finance/index.server'
import { Route as pdfRoute } from '~/routes/api/commission-invoices/$commissionInvoiceId/pdf'
import { Route as exportRoute } from '~/routes/api/seller/finance/export'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { commissionInvoices, platformInvoices, platformPurchases } from '~/server/db/schema'
import { createSeller } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase, signInAs, SITE } from './auth-fixtures'
import { moveOrder, paidPath, pendingOrder } from './ledger-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

/**
 * /seller/finance (issue #38): the balances and statement a seller reads, its export, and the
 * platform's monthly commission invoice, on PGlite and PostgreSQL.
 */

let db: Db
beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

// The factory's order: 2 units at 1,000,000 IRR, 10 % VAT: P = 2,200,000; at the default 5 % the
// commission on the 2,000,000 of goods is 100,000 and its VAT 10,000.
const P = 2_200_000
const C = 100_000
const T = 10_000
const SHARE = P - C - T

type Handler = (ctx: { request: Request; params: Record<string, string> }) => Promise<Response>
const handlerOf = (route: { options: unknown }) =>
  (route.options as { server: { handlers: { GET: Handler } } }).server.handlers.GET

async function exportAs(userId: number | null, query: string): Promise<Response> {
  const headers: Record<string, string> = {}
  if (userId !== null) headers.authorization = `Bearer ${(await signInAs(db, userId)).accessToken}`
  return handlerOf(exportRoute)({
    request: new Request(`${SITE}/api/seller/finance/export?${query}`, { headers }),
    params: {},
  })
}

async function pdfAs(userId: number | null, invoiceId: string): Promise<Response> {
  const headers: Record<string, string> = {}
  if (userId !== null) headers.authorization = `Bearer ${(await signInAs(db, userId)).accessToken}`
  return handlerOf(pdfRoute)({
    request: new Request(`${SITE}/api/commission-invoices/${invoiceId}/pdf`, { headers }),
    params: { commissionInvoiceId: invoiceId },
  })
}

const csvRows = async (response: Response) =>
  parseCsv((await response.text()).replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][]

describe(`seller finance (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  // Seller A: an order paid, completed, paid out, then refunded in full (2 March 2026); another
  // paid on 10 March. Seller B: one order paid on 10 March.
  let a: Awaited<ReturnType<typeof createSeller>>
  let b: Awaited<ReturnType<typeof createSeller>>
  let firstOrder: number
  let secondOrder: number
  let otherOrder: number

  beforeAll(async () => {
    a = await createSeller(db)
    b = await createSeller(db)
  })

  it('balances follow an order: pending when paid, available when completed, paid out, then negative after a refund', async () => {
    setClock('2026-03-02T09:00:00Z')
    const auth = await authOf(db, a.owner.id)
    const order = await pendingOrder(db, { seller: a })
    firstOrder = order.id
    await moveOrder(db, order.id, ['paid'])
    expect((await financeOverview(db, auth)).balances).toMatchObject({
      pending: SHARE,
      available: 0,
      in_transit: 0,
      paid_out: 0,
      negative: 0,
      currency: 'IRR',
    })
    await moveOrder(db, order.id, paidPath.slice(1))
    expect((await financeOverview(db, auth)).balances).toMatchObject({ pending: 0, available: SHARE })

    await db.transaction((tx) => postPayoutCreated(tx, { payoutId: 'sf-1', sellerId: a.id, amount: SHARE }))
    expect((await financeOverview(db, auth)).balances).toMatchObject({ available: 0, in_transit: SHARE })
    await db.transaction((tx) => postPayoutPaid(tx, { payoutId: 'sf-1', sellerId: a.id }))
    expect((await financeOverview(db, auth)).balances).toMatchObject({
      available: 0,
      in_transit: 0,
      paid_out: SHARE,
    })

    await db.transaction((tx) =>
      postOrderRefund(tx, { orderId: order.id, amount: 'rest', idempotencyKey: `sf-refund-${order.id}` }),
    )
    expect((await financeOverview(db, auth)).balances).toMatchObject({
      available: -SHARE,
      paid_out: SHARE,
      negative: SHARE,
    })
  })

  it('the statement names every line, links orders with their gross, commission and VAT, and filters by day and kind', async () => {
    setClock('2026-03-10T09:00:00Z')
    const second = await pendingOrder(db, { seller: a })
    secondOrder = second.id
    await moveOrder(db, second.id, ['paid'])
    const other = await pendingOrder(db, { seller: b })
    otherOrder = other.id
    await moveOrder(db, other.id, ['paid'])

    const auth = await authOf(db, a.owner.id)
    const all = await statementPage(db, auth, {})
    // Paid, released (2 lines), payout made (2), paid, refund, and the second order paid.
    expect(all.lines).toHaveLength(8)
    expect(all.next).toBeNull()
    expect(all.lines[0]).toMatchObject({
      kind: 'order_paid',
      account: 'seller_pending',
      amount: SHARE,
      reference_type: 'order',
      order: { id: second.id, number: second.number, gross: P, commission: C, commission_vat: T },
    })
    expect(all.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(SHARE + -SHARE + SHARE - SHARE)

    const refunds = await statementPage(db, auth, { kind: 'order_refund' })
    expect(refunds.lines.map((l) => [l.kind, l.account, l.amount])).toEqual([
      ['order_refund', 'seller_available', -SHARE],
    ])
    const payouts = await statementPage(db, auth, { kind: 'payout_created' })
    expect(payouts.lines.map((l) => l.account).sort()).toEqual(['payouts_in_transit', 'seller_available'])
    expect(payouts.lines.every((l) => l.order === null && l.reference_type === 'payout')).toBe(true)

    // Tehran days: 10 March onwards holds only the second order; up to 9 March only the first's.
    const later = await statementPage(db, auth, { from: '2026-03-05' })
    expect(later.lines.map((l) => l.order?.id)).toEqual([second.id])
    const earlier = await statementPage(db, auth, { to: '2026-03-09' })
    expect(earlier.lines).toHaveLength(7)
    expect(await statementPage(db, auth, { from: '2026-03-03', to: '2026-03-09' })).toMatchObject({
      lines: [],
    })
  })

  it('pages with the ledger cursor: every line once, newest first, and a forged cursor shows nothing of another seller', async () => {
    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await statementPageOf(db, a.id, { cursor, limit: 3 })
      seen.push(...page.lines.map((l) => l.id))
      cursor = page.next
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    const all = await statementPage(db, await authOf(db, a.owner.id), {})
    expect(seen).toEqual(all.lines.map((l) => l.id))

    const auth = await authOf(db, a.owner.id)
    const first = await statementPage(db, auth, {})
    const forged = Buffer.from(`${new Date('2030-01-01').toISOString()}|999999999`).toString('base64url')
    const page = await statementPage(db, auth, { cursor: forged })
    expect(page.lines.map((l) => l.id)).toEqual(first.lines.map((l) => l.id))
  })

  it("another seller's lines are never visible: not in its statement, its balances nor its export", async () => {
    const authB = await authOf(db, b.owner.id)
    const statementB = await statementPage(db, authB, {})
    expect(statementB.lines.map((l) => l.order?.id)).toEqual([otherOrder])
    expect((await financeOverview(db, authB)).balances).toMatchObject({ pending: SHARE, available: 0 })
    const csv = await csvRows(await exportAs(b.owner.id, 'format=csv'))
    expect(csv).toHaveLength(2)
    const orderColumn = csv[0]!.indexOf('Order')
    const numbers = new Set(csv.slice(1).map((row) => row[orderColumn]))
    const mine = await statementPage(db, await authOf(db, a.owner.id), {})
    for (const line of mine.lines) if (line.order) expect(numbers.has(line.order.number)).toBe(false)

    // Only sellers read a statement: a guest is asked to sign in, a buyer is refused.
    expect((await exportAs(null, 'format=csv')).status).toBe(401)
    const buyer = (await pendingOrder(db, { seller: b })).buyerUserId
    expect((await exportAs(buyer, 'format=csv')).status).toBe(403)
    expect(await statusOf(() => statementPage(db, null, {}))).toBe(401)
    expect(await statusOf(async () => financeOverview(db, await authOf(db, buyer)))).toBe(403)
  })

  it('the export holds the filtered statement, line for line, in CSV and XLSX', async () => {
    const auth = await authOf(db, a.owner.id)
    const statement = await statementPage(db, auth, { to: '2026-03-09' })
    const csv = await exportAs(a.owner.id, 'format=csv&to=2026-03-09')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('cache-control')).toBe('private, no-store')
    const rows = await csvRows(csv)
    expect(rows[0]).toEqual([
      'Date',
      'Description',
      'Balance',
      'Amount',
      'Order',
      'Order gross',
      'Commission',
      'VAT on commission',
      'Reference',
    ])
    expect(rows.slice(1).map((row) => Number(row[3]))).toEqual(statement.lines.map((l) => l.amount))
    expect(rows[rows.length - 1]!.slice(1, 8)).toEqual([
      'Order paid: your share, pending',
      'Pending',
      String(SHARE),
      statement.lines.at(-1)!.order!.number,
      String(P),
      String(C),
      String(T),
    ])

    const xlsx = await exportAs(a.owner.id, 'format=xlsx&kind=order_refund')
    expect(xlsx.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never)
    const sheet = book.worksheets[0]!
    expect(sheet.rowCount).toBe(2)
    expect(sheet.getRow(2).getCell(4).value).toBe(-SHARE)

    // Filters are checked: a day that does not exist or dates the wrong way round are refused.
    expect((await exportAs(a.owner.id, 'format=csv&from=2026-02-30')).status).toBe(422)
    expect((await exportAs(a.owner.id, 'format=csv&from=2026-03-10&to=2026-03-01')).status).toBe(422)
    expect((await exportAs(a.owner.id, 'format=pdf')).status).toBe(422)
    expect((await exportAs(a.owner.id, 'kind=platform_purchase_paid')).status).toBe(422)
  })

  it('the monthly commission invoice: once per seller and month however often the job runs, numbered in the platform series with plan invoices, no gaps', async () => {
    // A plan invoice first (the platform series of 2026), then March's commission invoices.
    setClock('2026-03-20T09:00:00Z')
    const planSeller = await createSeller(db)
    await choosePlan(db, await authOf(db, planSeller.owner.id), { plan: 'pro', cycle: 'monthly' })
    const [purchase] = await db
      .select()
      .from(platformPurchases)
      .where(eq(platformPurchases.sellerId, planSeller.id))
    await db.transaction((tx) => fulfilPurchase(tx, purchase!.id))

    // 1 April 01:00 UTC is 1 April in Tehran: the month just ended is March.
    setClock('2026-04-01T01:00:00Z')
    const [first, second] = await Promise.all([
      issueMonthlyCommissionInvoices(db),
      issueMonthlyCommissionInvoices(db),
    ])
    expect(first.month).toBe('2026-03')
    expect(first.issued + second.issued).toBe(2)
    expect(await issueMonthlyCommissionInvoices(db)).toEqual({ month: '2026-03', issued: 0 })

    const rows = await db.select().from(commissionInvoices).where(eq(commissionInvoices.month, '2026-03'))
    // A's first order was refunded in full in March: only its second order's commission is left.
    const ofA = rows.find((r) => r.sellerId === a.id)!
    const ofB = rows.find((r) => r.sellerId === b.id)!
    expect(rows).toHaveLength(2)
    for (const row of [ofA, ofB])
      expect(row).toMatchObject({ commission: C, vat: T, total: C + T, vatPercent: 10, currency: 'IRR' })
    expect(ofA.customer).toMatchObject({ name: a.legalName, nationalId: a.nationalId })

    // Another plan invoice after them takes the next number: one gapless series over both tables.
    setClock('2026-04-02T09:00:00Z')
    const later = await createSeller(db)
    await choosePlan(db, await authOf(db, later.owner.id), { plan: 'pro', cycle: 'monthly' })
    const [laterPurchase] = await db
      .select()
      .from(platformPurchases)
      .where(eq(platformPurchases.sellerId, later.id))
    await db.transaction((tx) => fulfilPurchase(tx, laterPurchase!.id))
    const plan = await db.select().from(platformInvoices).where(eq(platformInvoices.year, 2026))
    const commission = await db.select().from(commissionInvoices).where(eq(commissionInvoices.year, 2026))
    const sequences = [...plan, ...commission].map((r) => r.sequence).sort((x, y) => x - y)
    expect(sequences).toEqual([1, 2, 3, 4])
    expect(commission.map((r) => r.number).sort()).toEqual(['OMD-2026-000002', 'OMD-2026-000003'])

    // The seller sees its own invoice on the page; April has nothing yet.
    const overview = await financeOverview(db, await authOf(db, a.owner.id))
    expect(overview.invoices).toEqual([
      expect.objectContaining({ id: ofA.id, number: ofA.number, month: '2026-03', total: C + T }),
    ])
    setClock('2026-05-01T01:00:00Z')
    expect(await issueMonthlyCommissionInvoices(db)).toEqual({ month: '2026-04', issued: 0 })
  })

  it('the invoice PDF is the owner’s alone; an issued invoice cannot be changed', async () => {
    const [ofA] = await db
      .select()
      .from(commissionInvoices)
      .where(and(eq(commissionInvoices.sellerId, a.id), eq(commissionInvoices.month, '2026-03')))
    const pdf = await pdfAs(a.owner.id, String(ofA!.id))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    expect((await pdfAs(b.owner.id, String(ofA!.id))).status).toBe(404)
    expect((await pdfAs(null, String(ofA!.id))).status).toBe(401)
    expect((await pdfAs(a.owner.id, '999999')).status).toBe(404)
    expect((await pdfAs(a.owner.id, 'abc')).status).toBe(404)
    const view = await commissionInvoiceForViewer(db, await authOf(db, a.owner.id), ofA!.id)
    expect(view).toMatchObject({ number: ofA!.number, subtotal: C, vat: T, total: C + T, kind: 'platform' })
    expect(
      await statusOf(async () => commissionInvoiceForViewer(db, await authOf(db, b.owner.id), ofA!.id)),
    ).toBe(404)

    await expect(
      db.execute(sql`update commission_invoices set total = total + 1 where id = ${ofA!.id}`),
    ).rejects.toThrow()
    await expect(db.execute(sql`delete from commission_invoices where id = ${ofA!.id}`)).rejects.toThrow()
    void firstOrder
    void secondOrder
  })

  it('fuzz: any query to the export answers 200 or 422 (never 5xx) and any search the page takes is bounded', async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '2026-03-01',
        '2026-02-30',
        '9999-99-99',
        '',
        'order_paid',
        'csv',
        'xlsx',
        '\u0000',
        '%00',
      ),
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    )
    const query = fc.record(
      { format: piece, from: piece, to: piece, kind: piece, cursor: piece, extra: piece },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const search = new URLSearchParams(params as Record<string, string>).toString()
        const response = await exportAs(a.owner.id, search)
        expect([200, 422]).toContain(response.status)
        await response.body?.cancel()
      }),
      { numRuns: 25, seed: 20261202 },
    )
    const auth = await authOf(db, a.owner.id)
    await fc.assert(
      fc.asyncProperty(
        fc.record({ from: piece, to: piece, kind: piece, cursor: piece }, { requiredKeys: [] }),
        async (input) => {
          const parsed = v.safeParse(financeSearch, input)
          if (!parsed.success) return
          expect(parsed.output.cursor?.length ?? 0).toBeLessThanOrEqual(200)
          const page = await statementPage(db, auth, parsed.output)
          expect(page.lines.length).toBeLessThanOrEqual(50)
        },
      ),
      { numRuns: 40, seed: 20261202 },
    )
  })
})
