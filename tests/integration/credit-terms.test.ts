import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applyForCredit,
  buyerCreditView,
  decideCredit,
  payOrderOnCredit,
  sellerCreditView,
  settleCreditInvoices,
} from '~/features/credit/index.server'
import { applyForCreditInput, decideCreditInput, payOnCreditInput } from '~/features/credit/credit.schemas'
import { transitionOrder } from '~/features/orders/index.server'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import { days, setClock } from '~/server/clock.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { auditEvents, creditInvoices, orderLines, orders, users } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'
import { signInAs } from './auth-fixtures'
import { failureOf } from './checkout-fixtures'
import { pendingOrder, unbalancedEntries } from './ledger-fixtures'
import { messagesTo } from './order-core-fixtures'

/**
 * Credit terms (issue #39): a buyer applies, the seller grants a limit and a term, orders are paid
 * later within the unused limit (checked under a lock), due dates fall on Tehran days, an overdue
 * invoice blocks new credit orders, and the ledger balances for orders on credit and settlements.
 */

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  const handle = await createTestDatabase()
  db = handle.db
  close = handle.close
})
afterAll(async () => {
  setClock(null)
  await close()
})

const authOf = async (userId: number): Promise<AuthContext> =>
  (await authenticateAccessToken(db, (await signInAs(db, userId)).accessToken, 'cookie'))!

const phoneOf = async (userId: number) =>
  (await db.select({ phone: users.cellphone }).from(users).where(eq(users.id, userId)))[0]!.phone

// A person's national code whose check digit is right, and one whose is not.
const NATIONAL_CODE = '0499370899'
const application = (sellerId: number, overrides: Record<string, unknown> = {}) =>
  parseInput(applyForCreditInput, {
    sellerId,
    businessName: 'Golestan Restaurant',
    economicCode: '411122223333',
    nationalId: NATIONAL_CODE,
    expectedMonthlyVolume: 50_000_000,
    tradeReferences: [{ name: 'Pars Foods', phone: '02188776655' }],
    ...overrides,
  })

async function world() {
  const seller = await createSeller(db)
  const store = await createStore(db, { seller })
  const buyer = await createUser(db)
  return {
    seller,
    store,
    buyer,
    buyerAuth: await authOf(buyer.id),
    sellerAuth: await authOf(seller.owner.id),
  }
}

async function grant(w: Awaited<ReturnType<typeof world>>, limitRials: number, termDays = 30) {
  const { applicationId } = await applyForCredit(db, w.buyerAuth, application(w.seller.id))
  await decideCredit(
    db,
    w.sellerAuth,
    parseInput(decideCreditInput, {
      creditApplicationId: applicationId,
      decision: 'approve',
      limitRials,
      termDays,
    }),
  )
}

async function orderOf(w: Awaited<ReturnType<typeof world>>, unitPrice: number) {
  const sku = await createSku(db, { store: w.store })
  return pendingOrder(db, { buyer: w.buyer, seller: w.seller, lines: [{ sku, quantity: 1, unitPrice }] })
}

const payLater = (auth: AuthContext, orderNumber: string) =>
  payOrderOnCredit(db, auth, parseInput(payOnCreditInput, { orderNumber }))

async function receivableOf(buyerUserId: number): Promise<number> {
  const [row] = await selectRows<{ total: string }>(
    db,
    sql`select coalesce(sum(l.amount), 0) as total from ledger_lines l
        join ledger_accounts a on a.id = l.account_id
        where a.kind = 'buyer_receivable' and a.buyer_user_id = ${buyerUserId}`,
  )
  return Number(row!.total)
}

describe('applying for credit terms', () => {
  it('refuses a national ID whose check digit is wrong, with a clear field error', () => {
    expect(() => application(1, { nationalId: '0499370898' })).toThrow(HttpError)
    try {
      application(1, { nationalId: '0499370898', economicCode: '12ab' })
    } catch (error) {
      const fields = (error as HttpError).fieldErrors ?? {}
      expect(Object.keys(fields).sort()).toEqual(['economicCode', 'nationalId'])
    }
  })

  it('a buyer may send 10 applications a day: each one texts a seller', async () => {
    const w = await world()
    // Refused ones count too (a seller that does not exist): the limit is on what is sent.
    for (let i = 0; i < 10; i++)
      expect((await failureOf(() => applyForCredit(db, w.buyerAuth, application(999_999)))).status).toBe(422)
    expect((await failureOf(() => applyForCredit(db, w.buyerAuth, application(w.seller.id)))).status).toBe(
      429,
    )
  })

  it('the seller declines with a reason, then approves a second application: audited, the buyer told by SMS', async () => {
    const w = await world()
    const first = await applyForCredit(db, w.buyerAuth, application(w.seller.id))
    // One pending application per seller.
    const twice = await failureOf(() => applyForCredit(db, w.buyerAuth, application(w.seller.id)))
    expect(twice.status).toBe(409)
    await decideCredit(
      db,
      w.sellerAuth,
      parseInput(decideCreditInput, {
        creditApplicationId: first.applicationId,
        decision: 'decline',
        reason: 'Trade references did not answer',
      }),
    )
    const again = await applyForCredit(db, w.buyerAuth, application(w.seller.id))
    await decideCredit(
      db,
      w.sellerAuth,
      parseInput(decideCreditInput, {
        creditApplicationId: again.applicationId,
        decision: 'approve',
        limitRials: 200_000_000,
        termDays: 30,
        chequesAllowed: true,
      }),
    )
    const texts = await messagesTo(db, await phoneOf(w.buyer.id))
    expect(texts.some((t) => t.includes('Trade references did not answer'))).toBe(true)
    expect(texts.some((t) => t.includes('net 30'))).toBe(true)
    const audit = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.sellerId, w.seller.id))
    expect(audit.map((a) => a.action).sort()).toEqual([
      'credit_application.approved',
      'credit_application.declined',
      'credit_terms.create',
    ])
    const view = await buyerCreditView(db, w.buyerAuth)
    expect(view.lines).toMatchObject([
      { sellerId: w.seller.id, limitRials: 200_000_000, available: 200_000_000 },
    ])
  })

  it('another seller cannot see or decide the application; an observer may not decide', async () => {
    const w = await world()
    const other = await world()
    const { applicationId } = await applyForCredit(db, w.buyerAuth, application(w.seller.id))
    const input = parseInput(decideCreditInput, {
      creditApplicationId: applicationId,
      decision: 'approve',
      limitRials: 1_000_000,
      termDays: 30,
    })
    expect((await failureOf(() => decideCredit(db, other.sellerAuth, input))).status).toBe(404)
    expect((await sellerCreditView(db, other.sellerAuth)).applications).toEqual([])
    // A buyer is not a seller; a seller cannot apply to its own store (the store field is wrong).
    expect((await failureOf(() => decideCredit(db, w.buyerAuth, input))).status).toBe(403)
    const own = await failureOf(() => applyForCredit(db, w.sellerAuth, application(w.seller.id)))
    expect(own.status).toBe(422)
    expect(own.fieldErrors).toHaveProperty('sellerId')
    // An observer of the seller may read the page but not decide.
    const observer = await createUser(db, { isObserver: true, pointingSellerId: w.seller.id })
    const observerAuth = await authOf(observer.id)
    expect((await sellerCreditView(db, observerAuth)).applications).toHaveLength(1)
    expect((await failureOf(() => decideCredit(db, observerAuth, input))).status).toBe(403)
  })
})

describe('paying later', () => {
  it('an order within the limit is paid on terms: invoice due on a Tehran day, stock kept, ledger balanced', async () => {
    // 21:00 UTC on 1 Dec is already 2 Dec in Tehran: net 30 falls due at the end of 1 Jan (Tehran).
    setClock('2026-12-01T21:00:00Z')
    const w = await world()
    await grant(w, 10_000_000)
    const order = await orderOf(w, 4_000_000)
    const placed = await payLater(w.buyerAuth, order.number)
    expect(placed.dueDay).toBe('2027-01-01')
    expect(placed.dueAt).toBe('2027-01-01T20:30:00.000Z')

    const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('paid')
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(line!.reservedQuantity).toBe(1)

    // Receivable +P against the seller's share, commission and VAT; gateway clearing nets to zero.
    expect(await receivableOf(w.buyer.id)).toBe(order.total)
    expect(await unbalancedEntries(db)).toEqual([])
    const [clearing] = await selectRows<{ total: string }>(
      db,
      sql`select coalesce(sum(l.amount), 0) as total from ledger_lines l
          join ledger_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
          where e.reference_type = 'order' and e.reference_id = ${String(order.id)}
            and a.kind = 'gateway_clearing'`,
    )
    expect(Number(clearing!.total)).toBe(0)

    const view = await buyerCreditView(db, w.buyerAuth)
    expect(view.lines[0]).toMatchObject({ used: order.total, available: 10_000_000 - order.total })
    expect(view.lines[0]!.invoices).toMatchObject([
      { orderNumber: order.number, state: 'open', dueDay: '2027-01-01' },
    ])

    // Paid once: a second try is refused.
    expect((await failureOf(() => payLater(w.buyerAuth, order.number))).status).toBe(409)
    // Someone else's order answers like an unknown one.
    const stranger = await authOf((await createUser(db)).id)
    expect((await failureOf(() => payLater(stranger, order.number))).status).toBe(404)
    setClock(null)
  })

  it('an order over the unused limit, or with no terms, is refused and stays awaiting payment', async () => {
    const w = await world()
    const noTerms = await orderOf(w, 1_000_000)
    expect((await failureOf(() => payLater(w.buyerAuth, noTerms.number))).status).toBe(409)
    await grant(w, 5_000_000)
    const big = await orderOf(w, 6_000_000)
    const refused = await failureOf(() => payLater(w.buyerAuth, big.number))
    expect(refused.status).toBe(409)
    expect(refused.message).toBe('This order is more than your unused credit limit with this seller.')
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, big.id))
    expect(row!.status).toBe('pending_payment')
  })

  it(`two orders that each fit but together exceed the limit: one is refused${usingPostgres() ? ' (PostgreSQL)' : ''}`, async () => {
    const w = await world()
    await grant(w, 10_000_000)
    const a = await orderOf(w, 6_000_000)
    const b = await orderOf(w, 6_000_000)
    expect(a.total).toBeLessThan(10_000_000)
    expect(a.total + b.total).toBeGreaterThan(10_000_000)
    const outcomes = await Promise.allSettled([
      payLater(w.buyerAuth, a.number),
      payLater(w.buyerAuth, b.number),
    ])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as HttpError] : []))
    expect(lost.map((e) => e.status)).toEqual([409])
    const invoices = await db.select().from(creditInvoices).where(eq(creditInvoices.buyerUserId, w.buyer.id))
    expect(invoices).toHaveLength(1)
  })

  it('an overdue invoice blocks new credit orders until settled; the seller sees it aged in Tehran days', async () => {
    setClock('2026-12-01T08:00:00Z') // 11:30 on 1 Dec in Tehran
    const w = await world()
    await grant(w, 100_000_000, 10)
    const first = await orderOf(w, 3_000_000)
    const { dueDay } = await payLater(w.buyerAuth, first.number)
    expect(dueDay).toBe('2026-12-11')

    // The last minute of the due day in Tehran: still current.
    setClock('2026-12-11T20:29:00Z')
    const seller = await sellerCreditView(db, w.sellerAuth)
    expect(seller.receivables[0]!.aging.current).toBe(first.total)

    // Twelve Tehran days later it is 1-30 days overdue, and blocks the next credit order.
    setClock(new Date(Date.parse('2026-12-11T20:30:00Z') + days(12)))
    const aged = await sellerCreditView(db, w.sellerAuth)
    expect(aged.receivables[0]).toMatchObject({
      exposure: first.total,
      aging: { current: 0, d1_30: first.total },
    })
    expect(aged.totals.d1_30).toBeGreaterThanOrEqual(first.total)
    const buyer = await buyerCreditView(db, w.buyerAuth)
    expect(buyer.lines[0]).toMatchObject({ frozen: true })
    expect(buyer.lines[0]!.invoices[0]).toMatchObject({ state: 'overdue', daysOverdue: 13 })
    const second = await orderOf(w, 1_000_000)
    const blocked = await failureOf(() => payLater(w.buyerAuth, second.number))
    expect(blocked.status).toBe(409)
    expect(blocked.message).toContain('overdue')

    // Settling (one payment may cover several invoices) clears the receivable and lifts the block.
    const [invoice] = await db
      .select({ id: creditInvoices.id })
      .from(creditInvoices)
      .where(and(eq(creditInvoices.buyerUserId, w.buyer.id), eq(creditInvoices.orderId, first.id)))
    const applied = await db.transaction((tx) =>
      settleCreditInvoices(tx, {
        buyerUserId: w.buyer.id,
        invoiceIds: [invoice!.id],
        amount: first.total,
        reference: `test-${first.id}`,
      }),
    )
    expect(applied).toBe(first.total)
    expect(await receivableOf(w.buyer.id)).toBe(0)
    expect(await unbalancedEntries(db)).toEqual([])
    await payLater(w.buyerAuth, second.number)
    setClock(null)
  })

  it('an order on credit the seller rejects leaves nothing owed', async () => {
    const w = await world()
    await grant(w, 10_000_000)
    const order = await orderOf(w, 4_000_000)
    await payLater(w.buyerAuth, order.number)
    expect((await buyerCreditView(db, w.buyerAuth)).lines[0]!.used).toBe(order.total)
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId: order.id,
        to: 'rejected',
        actor: { kind: 'seller', userId: w.seller.owner.id },
        note: 'Out of stock at the warehouse',
      }),
    )
    const view = await buyerCreditView(db, w.buyerAuth)
    expect(view.lines[0]).toMatchObject({ used: 0, available: 10_000_000, invoices: [] })
    expect((await sellerCreditView(db, w.sellerAuth)).receivables[0]!.exposure).toBe(0)
    // The ledger agrees: the refund comes off the buyer's receivable, not the gateway's clearing.
    expect(await receivableOf(w.buyer.id)).toBe(0)
    expect(await unbalancedEntries(db)).toEqual([])
  })
})
