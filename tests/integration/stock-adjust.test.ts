import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import { adjustStockInput, NOTE_REQUIRED, QUANTITY_POSITIVE } from '~/features/inventory/stock.schemas'
import { adjustStock, getSkuStock, getStockLedger } from '~/features/inventory/stock.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, productListings } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

/** Issue #16: /seller/inventory/stock/{sku}, its figures, its ledger, and a person's adjustment. */

async function refusal(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, message: error.message, fields: error.fieldErrors }
    throw error
  }
  throw new Error('expected a refusal')
}

const adjust = (input: Record<string, unknown>) => v.parse(adjustStockInput, input)

describe(`stock page operations (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let buyer: AuthContext
  let otherOwner: AuthContext
  let skuCode: string
  let skuId: number
  let productId: number

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    buyer = await authOf(db, roles.buyer.id)
    const otherUser = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    const store = await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })
    const sku = await createSku(db, { store, remainingQuantity: 40 })
    skuCode = sku.sku
    skuId = sku.id
    productId = sku.productId
  })
  afterAll(closeAuthTestDatabase)

  it('shows the figure, the units unpaid orders hold, and the ledger that adds up to it', async () => {
    await createPendingOrder(db, {
      seller: { id: roles.approvedSeller.sellerId },
      lines: [{ sku: { id: skuId }, quantity: 3 }],
    })
    const view = await getSkuStock(db, owner, skuCode)
    expect(view).toMatchObject({ sku: skuCode, stock: 37, reservedUnpaid: 3 })
    const ledger = await getStockLedger(db, owner, { sku: skuCode, page: 1 })
    expect(ledger.items.map((m) => m.kind)).toEqual(['reservation', 'adjustment'])
    expect(ledger.items[0]!.orderNumber).toMatch(/^OM-/)
    expect(ledger.items.reduce((sum, m) => sum + m.delta, 0)).toBe(37)
    expect(view.history.at(-1)!.quantity).toBe(37)
  })

  it('lets the owner and observers adjust, with the reason in the ledger and the audit trail', async () => {
    const set = await adjustStock(
      db,
      owner,
      adjust({ sku: skuCode, mode: 'set', quantity: 50, expected: 37, reason: 'stocktake' }),
    )
    expect(set).toEqual({ stock: 50, moved: true })
    const removed = await adjustStock(
      db,
      observer,
      adjust({
        sku: skuCode,
        mode: 'remove',
        quantity: 5,
        expected: 50,
        reason: 'damaged',
        note: 'Crushed cartons',
      }),
    )
    expect(removed.stock).toBe(45)
    const [latest] = (await getStockLedger(db, owner, { sku: skuCode, page: 1 })).items
    expect(latest).toMatchObject({
      kind: 'adjustment',
      delta: -5,
      resultingQuantity: 45,
      reason: 'damaged',
      note: 'Crushed cartons',
    })
    expect(latest!.actor).toBeTruthy()
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'stock.adjust'), eq(auditEvents.recordId, String(skuId))))
      .orderBy(auditEvents.id)
    expect(events.map((e) => e.changes.stock)).toEqual([
      { before: 37, after: 50 },
      { before: 50, after: 45 },
    ])
    expect(events[1]).toMatchObject({ actorUserId: roles.observer.id, reason: 'damaged: Crushed cartons' })
    expect(await ledgerMismatches(db)).toEqual([])
  })

  it('refuses a stale figure with a 409 naming the current stock, and changes nothing', async () => {
    const result = await refusal(() =>
      adjustStock(
        db,
        owner,
        adjust({ sku: skuCode, mode: 'add', quantity: 10, expected: 40, reason: 'received' }),
      ),
    )
    expect(result.status).toBe(409)
    expect(result.message).toContain('it is now 45')
    expect(result.fields?.quantity).toBeDefined()
    expect((await getSkuStock(db, owner, skuCode)).stock).toBe(45)
  })

  it('refuses going below zero (422 on quantity), and the listing follows an adjustment to zero', async () => {
    const below = await refusal(() =>
      adjustStock(
        db,
        owner,
        adjust({ sku: skuCode, mode: 'remove', quantity: 46, expected: 45, reason: 'lost' }),
      ),
    )
    expect(below).toMatchObject({ status: 422, fields: { quantity: ['Stock cannot go below 0'] } })
    await adjustStock(
      db,
      owner,
      adjust({ sku: skuCode, mode: 'set', quantity: 0, expected: 45, reason: 'lost' }),
    )
    const [listing] = await db.select().from(productListings).where(eq(productListings.productId, productId))
    expect(listing?.inStock ?? false).toBe(false)
    await adjustStock(
      db,
      owner,
      adjust({ sku: skuCode, mode: 'add', quantity: 8, expected: 0, reason: 'received' }),
    )
    const [back] = await db.select().from(productListings).where(eq(productListings.productId, productId))
    expect(back?.inStock).toBe(true)
  })

  it('checks the input at the boundary: a reason, a note for "other", a positive quantity to add', () => {
    const issues = (input: Record<string, unknown>) =>
      v.safeParse(adjustStockInput, input).issues?.map((i) => [v.getDotPath(i), i.message]) ?? []
    const base = { sku: skuCode, mode: 'add', quantity: 2, expected: 8, reason: 'received' }
    expect(issues(base)).toEqual([])
    expect(issues({ ...base, reason: '' })[0]![0]).toBe('reason')
    expect(issues({ ...base, reason: 'other' })).toEqual([['note', NOTE_REQUIRED()]])
    expect(issues({ ...base, quantity: 0 })).toEqual([['quantity', QUANTITY_POSITIVE()]])
    expect(issues({ ...base, quantity: 10_000_001 })[0]![0]).toBe('quantity')
    expect(issues({ ...base, quantity: 1.5 })[0]![0]).toBe('quantity')
    expect(issues({ ...base, note: 'x'.repeat(301) })[0]![0]).toBe('note')
  })

  it('answers 404 to another seller, 403 to a buyer and 401 to a guest', async () => {
    expect(await statusOf(() => getSkuStock(db, otherOwner, skuCode))).toBe(404)
    expect(await statusOf(() => getStockLedger(db, otherOwner, { sku: skuCode, page: 1 }))).toBe(404)
    expect(
      await statusOf(() =>
        adjustStock(
          db,
          otherOwner,
          adjust({ sku: skuCode, mode: 'set', quantity: 1, expected: 8, reason: 'stocktake' }),
        ),
      ),
    ).toBe(404)
    expect(await statusOf(() => getSkuStock(db, buyer, skuCode))).toBe(403)
    expect(await statusOf(() => getSkuStock(db, null, skuCode))).toBe(401)
    expect((await getSkuStock(db, owner, skuCode)).stock).toBe(8)
  })
})
