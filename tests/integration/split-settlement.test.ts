import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSettlementMode, settlementSetting } from '~/features/finance-admin/index.server'
import { settlementModeInput } from '~/features/finance-admin'
import { platformTotals, sellerBalances } from '~/features/ledger/index.server'
import { decideSandboxPayment, loadSandboxSession } from '~/features/payments/sandbox-bank.server'
import { startPayment } from '~/features/payments/payments.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, ledgerEntries, paymentSessions, sellerPayoutAccounts } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { ledgerTotal, moveOrder, paidPath, unbalancedEntries } from './ledger-fixtures'
import { callCallback, sessionIdFromUrl, signedInBuyer } from './payments-fixtures'
import { authOf } from './tickets-fixtures'

// Split settlement (issue #38): in the admin's `split` mode the gateway pays the seller's share of
// each order straight to the seller's Sheba, and the ledger records it as already paid out.

const SHEBA = 'IR820540102680020817909002'
// 4 units at 250,000 IRR: 1,000,000 of goods, commission 5 % = 50,000 and its VAT 5,000.
const PLATFORM_SHARE = 55_000

let db: Db
let admin: AuthContext

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
  admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
})
afterAll(closeAuthTestDatabase)

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    return (error as { status?: number }).status ?? 500
  }
}

/** A seller with a store, a SKU at 250,000 and (unless told otherwise) a payout account. */
async function sellerWith(account: 'current' | 'none' | 'held') {
  const seller = await createSeller(db)
  const sku = await createSku(db, {
    store: await createStore(db, { seller }),
    tiers: [{ unitPrice: 250_000 }],
  })
  if (account !== 'none')
    await db.insert(sellerPayoutAccounts).values({
      sellerId: seller.id,
      sheba: SHEBA,
      holderName: `Holder ${seller.id}`,
      bankCode: '054',
      createdAt: new Date(Date.now() - 10 * 86_400_000),
      payoutsHeldUntil: account === 'held' ? new Date(Date.now() + 3_600_000) : null,
    })
  return { seller, sku }
}

/** A buyer's order of 4 units, paid at the sandbox bank; returns the order and its session. */
async function paidOrder(account: 'current' | 'none' | 'held' = 'current') {
  const { seller, sku } = await sellerWith(account)
  const auth = await signedInBuyer(db)
  const order = await createPendingOrder(db, {
    buyer: { id: auth.user.id },
    seller,
    lines: [{ sku, quantity: 4 }],
  })
  const sessionId = sessionIdFromUrl((await startPayment(db, auth, { orderNumber: order.number })).url)
  const { url } = await decideSandboxPayment(db, sessionId, { decision: 'approve' })
  expect((await callCallback(url)).result).toMatchObject({ status: 'success' })
  const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
  return { seller, order, session: session!, callback: url }
}

const orderEntries = (orderId: number) =>
  db
    .select({ kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.referenceType, 'order'), eq(ledgerEntries.referenceId, String(orderId))))
    .orderBy(ledgerEntries.id)

describe(`split settlement (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is the admin’s choice, audited, collect by default; nobody else may read or change it', async () => {
    expect(await settlementSetting(db, admin)).toMatchObject({
      mode: 'collect',
      gateway: 'sandbox',
      gatewaySplits: true,
    })
    const seller = await createSeller(db)
    const buyer = await createUser(db)
    for (const auth of [await authOf(db, seller.owner.id), await authOf(db, buyer.id), null]) {
      expect(await statusOf(() => setSettlementMode(db, auth, 'split'))).toBeGreaterThanOrEqual(401)
      expect(await statusOf(() => settlementSetting(db, auth))).toBeGreaterThanOrEqual(401)
    }
    expect(await statusOf(async () => parseInput(settlementModeInput, { mode: 'wire' }))).toBe(422)
    // Orders paid while collecting: the whole payment is the platform's, the share pending.
    const collected = await paidOrder()
    expect(collected.session).toMatchObject({ splitAmount: 0, splitIban: null })
    expect(await orderEntries(collected.order.id)).toEqual([{ kind: 'order_paid' }])

    expect(await setSettlementMode(db, admin, 'split')).toMatchObject({ mode: 'split' })
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'settlement_mode.set'))
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      changes: { settlementMode: { before: 'collect', after: 'split' } },
    })
  })

  it('pays the seller’s share at payment: nothing pending, nothing to release, the platform keeps its commission', async () => {
    await setSettlementMode(db, admin, 'split')
    const before = await platformTotals(db)
    const { seller, order, session, callback } = await paidOrder()
    expect(session).toMatchObject({ splitAmount: order.total - PLATFORM_SHARE, splitIban: SHEBA })
    // The bank's page tells the payer how much of it goes straight to the seller.
    expect((await loadSandboxSession(db, session.id)).split_amount).toBe(order.total - PLATFORM_SHARE)
    await callCallback(callback) // a replayed callback records nothing more
    expect(await orderEntries(order.id)).toEqual([{ kind: 'order_paid' }, { kind: 'split_settlement' }])
    expect(await sellerBalances(db, seller.id)).toMatchObject({ pending: 0, available: 0 })
    // The gateway settles to the platform only its commission and the VAT on it.
    expect((await platformTotals(db)).gateway_clearing - before.gateway_clearing).toBe(PLATFORM_SHARE)

    await moveOrder(db, order.id, paidPath.slice(1))
    expect(await orderEntries(order.id)).toEqual([{ kind: 'order_paid' }, { kind: 'split_settlement' }])
    expect(await sellerBalances(db, seller.id)).toMatchObject({ pending: 0, available: 0 })
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await ledgerTotal(db)).toBe(0)
  })

  it('a refund of a split order is owed back by the seller from available', async () => {
    await setSettlementMode(db, admin, 'split')
    const { seller, order } = await paidOrder()
    await moveOrder(db, order.id, ['cancelled'])
    expect(await orderEntries(order.id)).toEqual([
      { kind: 'order_paid' },
      { kind: 'split_settlement' },
      { kind: 'order_refund' },
    ])
    // The buyer has everything back; the seller, paid at payment, owes its share.
    expect(await sellerBalances(db, seller.id)).toMatchObject({
      pending: 0,
      available: -(order.total - PLATFORM_SHARE),
    })
    expect(await ledgerTotal(db)).toBe(0)
  })

  it('collects instead for a seller without a payout account, or with payouts held after a Sheba change', async () => {
    await setSettlementMode(db, admin, 'split')
    for (const account of ['none', 'held'] as const) {
      const { seller, order, session } = await paidOrder(account)
      expect(session).toMatchObject({ splitAmount: 0, splitIban: null })
      expect(await orderEntries(order.id)).toEqual([{ kind: 'order_paid' }])
      expect((await sellerBalances(db, seller.id)).pending).toBe(order.total - PLATFORM_SHARE)
    }
  })

  it('a split payment that came twice is given back, and the seller owes the share the gateway paid it', async () => {
    await setSettlementMode(db, admin, 'split')
    const { seller, sku } = await sellerWith('current')
    const auth = await signedInBuyer(db)
    const order = await createPendingOrder(db, {
      buyer: { id: auth.user.id },
      seller,
      lines: [{ sku, quantity: 4 }],
    })
    const first = sessionIdFromUrl((await startPayment(db, auth, { orderNumber: order.number })).url)
    const second = `${first.slice(0, 20)}second-split-session`
    const share = order.total - PLATFORM_SHARE
    await db.insert(paymentSessions).values({
      id: second,
      orderId: order.id,
      provider: 'sandbox',
      amount: order.total,
      currency: 'IRR',
      providerReference: `ref-${second}`,
      splitAmount: share,
      splitIban: SHEBA,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    // Both approved at the bank before either callback arrives: the first pays the order.
    const paying = (await decideSandboxPayment(db, first, { decision: 'approve' })).url
    const duplicate = (await decideSandboxPayment(db, second, { decision: 'approve' })).url
    await callCallback(paying)
    expect((await callCallback(duplicate)).result).toMatchObject({ reason: 'duplicate_payment' })
    await callCallback(duplicate)
    const kinds = await db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.referenceType, 'payment_session'), eq(ledgerEntries.referenceId, second)))
      .orderBy(ledgerEntries.id)
    expect(kinds).toEqual([
      { kind: 'payment_unapplied' },
      { kind: 'payment_returned' },
      { kind: 'split_settlement' },
    ])
    expect(await sellerBalances(db, seller.id)).toMatchObject({ pending: 0, available: -share })
    expect(await ledgerTotal(db)).toBe(0)
  })

  it('the database refuses a split that leaves the platform nothing, or names no Sheba', async () => {
    const seller = await createSeller(db)
    const order = await createPendingOrder(db, { seller })
    const row = (over: Partial<typeof paymentSessions.$inferInsert>) => ({
      id: `bad-split-${Math.random().toString(36).slice(2, 14)}`,
      orderId: order.id,
      provider: 'sandbox',
      amount: 1_000,
      currency: 'IRR',
      expiresAt: new Date(),
      ...over,
    })
    await expect(
      db.insert(paymentSessions).values(row({ splitAmount: 1_000, splitIban: SHEBA })),
    ).rejects.toThrow()
    await expect(db.insert(paymentSessions).values(row({ splitAmount: 500 }))).rejects.toThrow()
    await expect(
      db.insert(paymentSessions).values(row({ splitAmount: 500, splitIban: SHEBA })),
    ).resolves.toBeDefined()
  })
})
